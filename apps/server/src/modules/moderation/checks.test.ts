import { describe, expect, it } from 'vitest';
import { automaticChecks } from './checks';

describe('automatic moderation checks', () => {
  it('keeps the text that caused each finding', () => {
    const findings = automaticChecks({
      title: 'BIG SHELF FOR BOOKS',
      description: 'Mail me at maker@example.com, see http://a.example and www.b.example. A shower caddy.',
      tags: ['shit'],
    });
    expect(findings.map((f) => [f.code, f.excerpt])).toEqual([
      ['LANGUAGE', 'shit'],
      ['LINKS', 'http://a.example www.b.example.'],
      ['CONTACT_DETAILS', 'maker@example.com'],
      ['SHOUTING', 'BIG SHELF FOR BOOKS'],
      ['USE_CASE_MISMATCH', 'shower'],
    ]);
  });

  it('finds nothing in plain words, and cuts a long excerpt to 200 characters', () => {
    expect(automaticChecks({ title: 'A small cube', description: 'For a desk.', tags: ['cube'] })).toEqual(
      [],
    );
    const long = `${'A'.repeat(300)}`;
    expect(automaticChecks({ title: long, description: '', tags: [] })[0]?.excerpt).toHaveLength(200);
  });
});
