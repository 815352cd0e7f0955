import { describe, expect, it } from 'vitest';
import { isSafeSlideLink, normaliseSlideLink } from './slide-link.js';

/** Links that browsers resolve to another site, or that smuggle characters an admin cannot see. */
const HOSTILE_SLIDE_LINKS = [
  '//evil.example',
  '/\\evil.example/phish',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/%09/evil.example/../x\u0000',
  '/\u0000/evil.example',
  '/\u007F',
  '/\u202Egnp.exe',
  '/\u200Bkeychains',
  '/key chains',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://evil.example/',
  'https://user:pass@evil.example/',
  'https:/evil.example',
  'https:\\\\evil.example',
  'evil.example',
  'mailto:x@evil.example',
  // Dot segments that resolve to a path beginning with two slashes: another site.
  '/..//evil.example',
  '/.//evil.example/../..//evil.example',
  '/.%2e//evil.example',
  '/%2e%2e//evil.example',
  '/a/../..//evil.example',
];

describe('slide call-to-action links', () => {
  it.each(['', '/keychains', '/anime-figures', '/search?q=naruto%20sage', '/product/abc#reviews', 'https://www.instagram.com/animecollectibles'])(
    'accepts %j',
    (link) => {
      expect(isSafeSlideLink(link)).toBe(true);
    },
  );
  it.each(HOSTILE_SLIDE_LINKS)('refuses %j', (link) => {
    expect(isSafeSlideLink(link)).toBe(false);
  });
});

describe('slide links as kept', () => {
  it.each([
    ['/figures/../keychains', '/keychains'],
    ['/./search?q=naruto', '/search?q=naruto'],
    ['/keychains', '/keychains'],
    ['', ''],
    ['https://www.instagram.com/animecollectibles', 'https://www.instagram.com/animecollectibles'],
  ])('%j is kept as %j', (link, kept) => {
    expect(normaliseSlideLink(link)).toBe(kept);
    expect(isSafeSlideLink(kept)).toBe(true);
  });
});
