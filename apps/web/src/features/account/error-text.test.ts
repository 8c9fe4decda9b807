import { KitwrightError } from '@kitwright/sdk';
import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../../i18n';
import { problemText } from '../discover/request-problems';
import { errorText } from './error-text';

const t: Translate = (key, ...params) => translate('en', key, ...params);

describe('the sentence for a refused origin', () => {
  const refused = new KitwrightError({
    code: 'ORIGIN_REJECTED',
    status: 403,
    message: 'This request came from an address that is not allowed.',
    details: { open_at: 'http://localhost:3000' },
  });

  it('tells the person which address to open (account forms and listing actions alike)', () => {
    expect(errorText(t, refused)).toContain('Open http://localhost:3000');
    expect(problemText(refused, t)).toContain('Open http://localhost:3000');
    expect(translate('de', 'err.originRejected', { address: 'http://localhost:3000' })).toContain(
      'Öffne http://localhost:3000',
    );
  });

  it('falls back to "reload" when the server names no address', () => {
    const bare = new KitwrightError({ code: 'ORIGIN_REJECTED', status: 403, message: 'no' });
    expect(errorText(t, bare)).toBe(translate('en', 'err.originRejectedReload'));
  });
});
