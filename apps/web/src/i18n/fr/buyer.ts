import type { buyer as en } from '../en/buyer';
import type { DictionaryOf } from '../plural';

export const buyer: DictionaryOf<typeof en> = {};
