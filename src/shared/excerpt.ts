/**
 * At most `max` characters of a value an answer refuses, cut with an ellipsis: an error may say which value it means
 * but never repeats a whole upload back (a 20 MB cell is not sent back as a 20 MB error).
 */
export function excerpt(value: string, max = 80): string {
  if (value.length <= max) return value;
  // Not between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(value[max - 2] ?? '') ? max - 2 : max - 1;
  return `${value.slice(0, end)}…`;
}
