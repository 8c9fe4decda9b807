import { describe, expect, it } from 'vitest';
import { type KeptPublishForm, keptPublishForm, publishFormChanged, publishFormKey } from './publish-memory';

const defaults: KeptPublishForm = {
  title: 'Sitting bunny',
  description: '',
  tags: '',
  category: null,
  visibility: 'public',
  useCase: null,
  language: 'en',
  safety: {},
};

describe('the kept publish form', () => {
  it('is one per draft and reads back what was kept', () => {
    expect(publishFormKey('d1')).not.toBe(publishFormKey('d2'));
    const kept = { ...defaults, description: 'A bunny to sit on a shelf.', useCase: 'decorative' as const };
    expect(keptPublishForm(JSON.parse(JSON.stringify(kept)), defaults)).toEqual(kept);
    expect(publishFormChanged(kept, defaults)).toBe(true);
    expect(publishFormChanged({ ...defaults }, defaults)).toBe(false);
  });

  it('drops what it cannot read', () => {
    expect(keptPublishForm(null, defaults)).toEqual(defaults);
    expect(keptPublishForm('nonsense', defaults)).toEqual(defaults);
    expect(
      keptPublishForm(
        { title: 3, useCase: 'flying', safety: { intended_for_children: 'yes', contains_electrics: false } },
        defaults,
      ),
    ).toEqual({ ...defaults, safety: { contains_electrics: false } });
  });
});
