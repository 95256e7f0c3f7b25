import { describe, expect, it } from 'vitest';
import { htmlToText, sanitiseHtml, textExcerpt } from './html';

describe('backend HTML', () => {
  it('keeps the allowed tags and drops scripts and event handlers', () => {
    expect(sanitiseHtml('<p onclick="x()">Szelki <strong>guard</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>')).toBe(
      '<p>Szelki <strong>guard</strong></p>',
    );
    expect(sanitiseHtml(null)).toBe('');
  });

  it('turns HTML into plain text with entities decoded', () => {
    expect(htmlToText('<p>Obroża&nbsp;&amp; smycz</p>\n<p>&#379;&#x142;ty</p>')).toBe('Obroża & smycz Żłty');
  });

  it('cuts long text with an ellipsis only when needed', () => {
    expect(textExcerpt('<p>krótki</p>', 20)).toBe('krótki');
    expect(textExcerpt('<p>abcdef ghijkl</p>', 8)).toBe('abcdef…');
  });
});
