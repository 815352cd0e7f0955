/** Keyboard rule of the star rating radio group (WAI-ARIA radio group: arrows move and select, wrapping; Home/End jump). */
export const MAX_STARS = 5;

/** The rating a key press selects, or null when the key is not one the radio group handles. A rating of 0 means none chosen yet. */
export function ratingForKey(current: number, key: string): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return current >= MAX_STARS ? 1 : current + 1;
    case 'ArrowLeft':
    case 'ArrowDown':
      return current <= 1 ? MAX_STARS : current - 1;
    case 'Home':
      return 1;
    case 'End':
      return MAX_STARS;
    default:
      return null;
  }
}

/** Roving tab stop: the checked star, or the first one when nothing is chosen. */
export function isTabStop(star: number, current: number): boolean {
  return current >= 1 ? star === current : star === 1;
}

/** The spec's review checks (rating at least 1, non-blank comment), shared by the product page and the order screen. */
export function reviewInputError(rating: number, comment: string): { title: string; description: string } | null {
  if (rating < 1) return { title: 'Rating required', description: 'Please select a rating before submitting your review.' };
  if (!comment.trim()) return { title: 'Comment required', description: 'Please write a comment for your review.' };
  return null;
}
