import type { staff as en } from '../en/staff';
import type { DictionaryOf } from '../plural';

export const staff: DictionaryOf<typeof en> = {};
