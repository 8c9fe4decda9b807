import { describe, expect, it } from 'vitest';
import { messageView } from './support-message';

const base = {
  id: 'm1',
  language: 'en',
  translation: null,
  attachments: [],
  created_at: '2026-11-27T10:00:00.000Z',
};

describe('messageView', () => {
  it('shows a staff reply translated into the requester’s language first, with the original', () => {
    const view = messageView({
      ...base,
      author_role: 'staff',
      body: 'Use 0.2 mm layers.',
      translation: { language: 'fr', status: 'translated', body: 'Utilisez des couches de 0,2 mm.' },
    });
    expect(view).toEqual({
      author: 'staff',
      text: 'Utilisez des couches de 0,2 mm.',
      original: 'Use 0.2 mm layers.',
    });
  });

  it('shows the text as written when it was not translated, or when the requester wrote it', () => {
    expect(
      messageView({
        ...base,
        author_role: 'staff',
        body: 'Use 0.2 mm layers.',
        translation: { language: 'fr', status: 'not_translated', body: null },
      }),
    ).toEqual({ author: 'staff', text: 'Use 0.2 mm layers.', original: null });
    expect(
      messageView({
        ...base,
        author_role: 'requester',
        language: 'fr',
        body: 'Quelle épaisseur ?',
        translation: { language: 'en', status: 'translated', body: 'Which thickness?' },
      }),
    ).toEqual({ author: 'you', text: 'Quelle épaisseur ?', original: null });
    expect(messageView({ ...base, author_role: 'system', body: 'Reopened.' }).author).toBe('system');
  });
});
