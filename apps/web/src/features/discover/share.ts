/** Sharing on iOS and Android: the system share sheet (it offers copying the link too). */
import { Share } from 'react-native';

export function canShareNatively(): boolean {
  return true;
}

export async function shareNatively(data: { title: string; url: string }): Promise<'shared' | 'dismissed'> {
  const result = await Share.share({ title: data.title, message: data.url, url: data.url });
  return result.action === Share.dismissedAction ? 'dismissed' : 'shared';
}

/** No clipboard module in the native build: the share sheet copies. */
export async function copyText(_text: string): Promise<boolean> {
  return false;
}
