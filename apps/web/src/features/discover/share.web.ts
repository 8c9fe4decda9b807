/**
 * Sharing on the web: the browser's share sheet where there is one (phones), otherwise the link
 * goes to the clipboard (with the old copy command as a fallback for non-secure pages).
 */
import type { ShareModule } from './share.types';

export const systemShare = {
  canShareNatively() {
    return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  },
  async shareNatively(data) {
    try {
      await navigator.share({ title: data.title, url: data.url });
      return 'shared';
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return 'dismissed';
      throw err;
    }
  },
  async copyText(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      try {
        const area = document.createElement('textarea');
        area.value = text;
        area.setAttribute('readonly', '');
        area.style.position = 'fixed';
        area.style.opacity = '0';
        document.body.appendChild(area);
        area.select();
        const ok = document.execCommand('copy');
        area.remove();
        return ok;
      } catch {
        return false;
      }
    }
  },
} satisfies ShareModule;
