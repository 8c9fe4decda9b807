/**
 * iOS and Android: the app stays open between screens, so a form is kept in memory; there is no
 * page to reload or close under the person.
 */
import type { UnsavedFormModule } from './unsaved-form.types';

const kept = new Map<string, unknown>();

export const formMemory = {
  read: (key) => kept.get(key) ?? null,
  write(key, value) {
    kept.set(key, value);
  },
  forget(key) {
    kept.delete(key);
  },
} satisfies UnsavedFormModule['formMemory'];

export const useLeaveWarning = function useLeaveWarning(
  _dirty: boolean,
) {} satisfies UnsavedFormModule['useLeaveWarning'];
