/** Sharing on iOS and Android: the system share sheet (it offers copying the link too). */
import { Share } from 'react-native';
import type { ShareModule } from './share.types';

export const systemShare = {
  canShareNatively() {
    return true;
  },
  async shareNatively(data) {
    const result = await Share.share({ title: data.title, message: data.url, url: data.url });
    return result.action === Share.dismissedAction ? 'dismissed' : 'shared';
  },
  /** No clipboard module in the native build: the share sheet copies. */
  async copyText(_text) {
    return false;
  },
} satisfies ShareModule;
