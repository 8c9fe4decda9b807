/** Native apps have no document to style. */
import type { DocumentStyleModule } from './document-style.types';

export const installDocumentStyle =
  function installDocumentStyle() {} satisfies DocumentStyleModule['installDocumentStyle'];
