import type { tester as en } from '../en/tester';
import type { DictionaryOf } from '../plural';

export const tester: DictionaryOf<typeof en> = {};
