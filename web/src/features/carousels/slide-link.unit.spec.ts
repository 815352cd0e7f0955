import { describe, expect, it } from 'vitest';
import { slideTarget } from './slide-link';

describe('slideTarget', () => {
  it('navigates inside the store for paths on this origin', () => {
    expect(slideTarget('/keychains')).toEqual({ kind: 'internal', to: '/keychains' });
    expect(slideTarget('/search?q=naruto#top')).toEqual({ kind: 'internal', to: '/search?q=naruto#top' });
  });
  it('links out only to absolute https URLs', () => {
    expect(slideTarget('https://www.instagram.com/animecollectibles')).toEqual({ kind: 'external', href: 'https://www.instagram.com/animecollectibles' });
  });
  it.each([
    '',
    undefined,
    '//evil.example',
    '/\\evil.example/phish',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\u0000x',
    '/\u202Eevil',
    '/\u200Bkeychains',
    'javascript:alert(1)',
    'http://evil.example',
    'https://user:pw@evil.example',
    'evil.example',
  ])('renders no button for %j', (link) => {
    expect(slideTarget(link)).toBeNull();
  });
});
