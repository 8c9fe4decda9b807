import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv';

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses text a spreadsheet would run as a formula, but keeps numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-2)).toBe('-2');
  });

  it('writes empty fields for null and CRLF row ends', () => {
    expect(csvRow(['a', null, 3, undefined, true])).toBe('a,,3,,true\r\n');
  });
});
