import type { founder as en } from '../en/founder';
import type { DictionaryOf } from '../plural';

export const founder: DictionaryOf<typeof en> = {};
