import { describe, expect, it } from 'vitest';
import { layoutEmail, supportPage } from './layout';

const HOSTILE = `<script>alert("x")</script> & 'quoted'`;

describe('the email layout', () => {
  const mail = layoutEmail({
    to: 'ada@example.com',
    subject: 'Subject stays as given <b>',
    lang: 'fr',
    title: `Title ${HOSTILE}`,
    blocks: [
      `Paragraph ${HOSTILE}`,
      { lines: ['First line', `Second ${HOSTILE}`] },
      { label: 'Code:', value: 'AB<C>' },
      { quote: `Quoted\n${HOSTILE}` },
      { quote: 'Original', caption: 'Translated; the original:' },
    ],
    action: {
      label: 'Open',
      url: 'https://kitwright.test/x?a=1&b="2"',
      lead: 'Ou ouvrez cette adresse :',
      textLead: 'Ouvrir :',
    },
    footer: { reason: 'Why you get this.', support: supportPage('https://kitwright.test') },
  });

  it('escapes every part in the HTML: no markup from the words, quotes closed in attributes', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    expect(mail.html).toContain('href="https://kitwright.test/x?a=1&amp;b=&quot;2&quot;"');
    expect(mail.html).toContain('<p>Code: <strong>AB&lt;C&gt;</strong></p>');
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('writes the plain text from the same parts, in order, with the footer set apart', () => {
    expect(mail.subject).toBe('Subject stays as given <b>');
    expect(mail.text).toBe(
      `${[
        `Title ${HOSTILE}`,
        `Paragraph ${HOSTILE}`,
        `First line\nSecond ${HOSTILE}`,
        'Code: AB<C>',
        `> Quoted\n> ${HOSTILE}`,
        'Translated; the original:\n> Original',
        'Ouvrir : https://kitwright.test/x?a=1&b="2"',
        '-- \nWhy you get this.\nUne question ? Écrivez au support : https://kitwright.test/help/support',
      ].join('\n\n')}\n`,
    );
  });

  it('puts the button, the written-out address and the footer in the HTML', () => {
    const html = mail.html;
    const order = [
      '<h1',
      '<p>Paragraph',
      'First line<br>Second',
      '<blockquote',
      'Translated; the original:</p><blockquote',
      '>Open</a>',
      'Ou ouvrez cette adresse : https://kitwright.test/x?a=1&amp;b=&quot;2&quot;',
      '<hr',
      'Why you get this.',
      'href="https://kitwright.test/help/support"',
    ].map((part) => html.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('leaves out the heading, the button and the support line when not given', () => {
    const bare = layoutEmail({
      to: 'ops@example.com',
      subject: 'Alert',
      lang: 'en',
      blocks: ['Only this.'],
      footer: { reason: 'Because.' },
    });
    expect(bare.text).toBe('Only this.\n\n-- \nBecause.\n');
    expect(bare.html).not.toMatch(/<h1|<a |support/);
  });
});
