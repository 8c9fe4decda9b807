/**
 * The web page scrolls as a document: Expo's default reset locks the body and scrolls an inner
 * box, which breaks the phone address bar, find-in-page and full-page capture. Installed once,
 * before the first render, so nothing shifts.
 */
import type { DocumentStyleModule } from './document-style.types';

const CSS = `html, body { height: auto; min-height: 100%; }
body { overflow-y: auto; overflow-x: hidden; -webkit-text-size-adjust: 100%; }
#root { display: flex; flex-direction: column; min-height: 100vh; min-height: 100dvh; height: auto; }
:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
@media (prefers-reduced-motion: reduce) { * { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; } }`;

export const installDocumentStyle = function installDocumentStyle() {
  if (typeof document === 'undefined' || document.getElementById('kitwright-document')) return;
  const style = document.createElement('style');
  style.id = 'kitwright-document';
  style.textContent = CSS;
  document.head.appendChild(style);
} satisfies DocumentStyleModule['installDocumentStyle'];
