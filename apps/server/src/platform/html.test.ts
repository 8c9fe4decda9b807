import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes the five characters that open or close markup, in text and in either quote', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('escapes an existing entity again (the text is text, not markup) and leaves the rest alone', () => {
    expect(escapeHtml('&amp; café — $& 100%')).toBe('&amp;amp; café — $&amp; 100%');
  });
});
