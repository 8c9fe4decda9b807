/**
 * The web: a form is kept in this browser's local storage under its key, so a reload, a closed
 * tab or a crash does not lose it, and the browser asks before the page is left while it holds
 * words not sent yet (the browser writes that question itself; pages cannot word it).
 */
import { useEffect } from 'react';
import type { UnsavedFormModule } from './unsaved-form.types';

const PREFIX = 'kw_form:';

export const formMemory = {
  read(key) {
    try {
      const text = localStorage.getItem(PREFIX + key);
      return text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return null;
    }
  },
  write(key, value) {
    try {
      localStorage.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the form still works, it is only not kept.
    }
  },
  forget(key) {
    try {
      localStorage.removeItem(PREFIX + key);
    } catch {
      // Nothing was kept.
    }
  },
} satisfies UnsavedFormModule['formMemory'];

export const useLeaveWarning = function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
} satisfies UnsavedFormModule['useLeaveWarning'];
