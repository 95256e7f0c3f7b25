/**
 * JSON for embedding inside a <script> element: `<`, `>`, `&` and the JS line
 * separators are escaped, so `</script>` or `<!--` in any string cannot break out.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
