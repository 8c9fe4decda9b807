/** Native apps have no document to style. */
export function installDocumentStyle(): void {}
