/**
 * XML text for what the worker writes as XML (the product feeds, the sitemaps): every value from the
 * backend passes `xmlText` (element text and attribute values) or `cdata`; characters XML 1.0 forbids (control characters, lone surrogates,
 * U+FFFE/U+FFFF) are dropped, so no product text can break a feed's parse.
 */

// control characters but tab, line feed and carriage return; lone surrogates; the two non-characters
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching the characters XML 1.0 forbids is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A value as XML element text or attribute value: forbidden characters dropped, markup characters escaped. */
export function xmlText(value: string | number): string {
  return String(value)
    .replace(FORBIDDEN, '')
    .replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/**
 * A value as a CDATA section (Ceneo's texts): forbidden characters dropped, and a `]]>` inside split
 * across two sections, so the text cannot end the section early.
 *
 * @example cdata('a]]>b') // '<![CDATA[a]]]]><![CDATA[>b]]>'
 */
export function cdata(value: string): string {
  return `<![CDATA[${value.replace(FORBIDDEN, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}
