/** iOS and Android: the screen reader moves to the message (a scroll view follows its focus). */
import { AccessibilityInfo, findNodeHandle } from 'react-native';
import type { RevealModule } from './reveal.types';

export const reveal = function reveal(node: unknown) {
  const handle = findNodeHandle(node as Parameters<typeof findNodeHandle>[0]);
  if (handle) AccessibilityInfo.setAccessibilityFocus(handle);
} satisfies RevealModule['reveal'];
