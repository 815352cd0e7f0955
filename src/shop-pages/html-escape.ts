/** Text or a double-quoted attribute value in HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * JSON inside a <script> element (JSON-LD, the dehydrated query cache): `<`, `>` and `&` as \u escapes, so a value
 * holding `</script>` or `<!--` cannot end the element, plus U+2028/U+2029. JSON.parse reads it back unchanged.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
