/**
 * Every prompt the app shows as an example succeeds, in the language it is shown in: the chips on
 * the prompt page and the examples quoted in its help texts, each built by the mesher as the server's
 * prompt job builds it. Every palette colour the app names (its colour pickers' words) is read as
 * that colour in English, French and German. And the server's "no design called …" answer is read.
 */

import { dictionaries } from '@kitwright/copy/messages';
import { generateDesign, PALETTE, proposeDesigns } from '@kitwright/mesher';
import { KitwrightError } from '@kitwright/sdk';
import { describe, expect, it } from 'vitest';
import { namePlatePrompt, PROMPT_EXAMPLES } from './prompt-examples';
import { unknownDesignOf } from './prompt-unknown';

const LOCALES = ['en', 'fr', 'de'] as const;
/** The prompts quoted in a help text: “…”, « … » or „…“. */
const quoted = (text: string) => [...text.matchAll(/[“«„]\s?([^”»“]+?)\s?[”»“]/g)].map((m) => m[1]!);

describe('the prompt examples the app shows', () => {
  for (const locale of LOCALES) {
    const texts = ['create.hub.modeB.body', 'create.prompt.how'] as const;
    const shown = [
      ...PROMPT_EXAMPLES[locale],
      ...texts.flatMap((key) => quoted(dictionaries[locale][key] as string)),
    ];

    it(`${locale}: each one is designed in full, a success`, () => {
      expect(shown.length).toBeGreaterThanOrEqual(10);
      for (const prompt of shown) {
        const outcome = generateDesign(prompt, { size: 24, locale });
        expect({ prompt, status: outcome.status, ignored: outcome.ignored }).toEqual({
          prompt,
          status: 'success',
          ignored: [],
        });
      }
    }, 120_000);

    it(`${locale}: every palette colour the app names is read as that colour`, () => {
      for (const colour of PALETTE) {
        const name = dictionaries[locale][`discover.colour.${colour.id}` as 'discover.colour.red'] as string;
        const prompt =
          locale === 'fr'
            ? `une maison ${name}`
            : locale === 'de'
              ? `ein Haus in ${name}`
              : `a ${name} house`;
        const { reading, status } = proposeDesigns(prompt, { locale });
        expect({ prompt, status, walls: reading.looks.body?.colour }).toEqual({
          prompt,
          status: 'success',
          walls: colour.id,
        });
      }
    });

    it(`${locale}: the name plate offered for an unknown word is made as a name plate of it`, () => {
      const outcome = proposeDesigns(namePlatePrompt(locale, 'Giraffe'), { locale });
      expect(outcome.status).toBe('success');
      expect(outcome.variants[0]!.recipe).toMatchObject({ design: 'nameplate', text: 'Giraffe' });
    });
  }

  it('reads the server’s answer to a prompt naming no design', () => {
    const error = new KitwrightError({
      code: 'NO_DESIGN' as 'NOT_FOUND',
      status: 422,
      message: 'No design called "zebra" yet.',
      details: {
        source: 'prompt',
        word: 'zebra',
        suggestions: [{ design: 'horse', name: 'horse' }, { bad: 1 }],
      },
    });
    expect(unknownDesignOf(error)).toEqual({
      word: 'zebra',
      suggestions: [{ design: 'horse', name: 'horse' }],
    });
    expect(unknownDesignOf(new Error('NO_DESIGN'))).toBeNull();
  });
});
