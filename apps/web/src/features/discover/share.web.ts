/**
 * Sharing on the web: the browser's share sheet where there is one (phones), otherwise the link
 * goes to the clipboard (with the old copy command as a fallback for non-secure pages).
 */
export function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

export async function shareNatively(data: { title: string; url: string }): Promise<'shared' | 'dismissed'> {
  try {
    await navigator.share({ title: data.title, url: data.url });
    return 'shared';
  } catch (err) {
    if ((err as { name?: string }).name === 'AbortError') return 'dismissed';
    throw err;
  }
}

export async function copyText(text: string): Promise<boolean> {
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
}
