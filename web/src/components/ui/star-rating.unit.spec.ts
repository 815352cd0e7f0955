import { describe, expect, it } from 'vitest';
import { isTabStop, ratingForKey, reviewInputError } from './star-rating';

describe('star rating keyboard rule', () => {
  it('moves the rating with the arrow keys, wrapping at both ends', () => {
    expect(ratingForKey(3, 'ArrowRight')).toBe(4);
    expect(ratingForKey(3, 'ArrowUp')).toBe(4);
    expect(ratingForKey(3, 'ArrowLeft')).toBe(2);
    expect(ratingForKey(3, 'ArrowDown')).toBe(2);
    expect(ratingForKey(5, 'ArrowRight')).toBe(1);
    expect(ratingForKey(1, 'ArrowLeft')).toBe(5);
  });

  it('starts from no rating: forward picks 1, back picks 5', () => {
    expect(ratingForKey(0, 'ArrowRight')).toBe(1);
    expect(ratingForKey(0, 'ArrowLeft')).toBe(5);
  });

  it('jumps with Home and End and ignores other keys', () => {
    expect(ratingForKey(3, 'Home')).toBe(1);
    expect(ratingForKey(2, 'End')).toBe(5);
    expect(ratingForKey(2, 'Tab')).toBeNull();
    expect(ratingForKey(2, 'a')).toBeNull();
  });

  it('keeps one tab stop: the checked star, or the first when none is chosen', () => {
    expect([1, 2, 3, 4, 5].filter((n) => isTabStop(n, 0))).toEqual([1]);
    expect([1, 2, 3, 4, 5].filter((n) => isTabStop(n, 4))).toEqual([4]);
  });
});

describe('review input checks', () => {
  it('asks for a rating first, then a non-blank comment', () => {
    expect(reviewInputError(0, 'nice')).toEqual({ title: 'Rating required', description: 'Please select a rating before submitting your review.' });
    expect(reviewInputError(4, '   ')).toEqual({ title: 'Comment required', description: 'Please write a comment for your review.' });
    expect(reviewInputError(1, ' ok ')).toBeNull();
  });
});
