import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StarInput, Stars } from './stars';

const glyphs = (html: string) => [...html.matchAll(/[★☆]/g)].map((m) => m[0]).join('');

describe('rating stars', () => {
  it('fills the stars up to the rounded rating and outlines the rest, so shape (not only colour) tells them apart', () => {
    expect(glyphs(renderToStaticMarkup(createElement(Stars, { value: 3.4 })))).toBe('★★★☆☆');
    expect(glyphs(renderToStaticMarkup(createElement(Stars, { value: 4.5 })))).toBe('★★★★★');
    expect(glyphs(renderToStaticMarkup(createElement(Stars, { value: 0 })))).toBe('☆☆☆☆☆');
    expect(renderToStaticMarkup(createElement(Stars, { value: 3.4 }))).toContain('aria-label="3 out of 5 stars"');
  });

  it('the review input shows the chosen rating the same way', () => {
    expect(glyphs(renderToStaticMarkup(createElement(StarInput, { value: 2, onChange: () => undefined })))).toBe('★★☆☆☆');
  });
});
