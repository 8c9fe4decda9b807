/** Saves a document as a download in the browser (an object URL and a `download` link). */
import type { SaveFileModule } from './save-file.types';

export const saveTextFile = async function saveTextFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
} satisfies SaveFileModule['saveTextFile'];
