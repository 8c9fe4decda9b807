/**
 * The web: a View is its DOM element; it is scrolled to the middle of the window (smoothly, unless
 * the reader asked for less motion) and focused without a second jump.
 */
import type { RevealModule } from './reveal.types';

export const reveal = function reveal(node: unknown) {
  if (!(node instanceof HTMLElement)) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  node.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  node.focus({ preventScroll: true });
} satisfies RevealModule['reveal'];
