import type { ops as en } from '../en/ops';
import type { DictionaryOf } from '../plural';

export const ops: DictionaryOf<typeof en> = {};
