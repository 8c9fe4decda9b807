/** What both platforms offer for sharing a link: a system share sheet, and the clipboard. */
export interface ShareModule {
  canShareNatively(): boolean;
  /** Opens the system share sheet; throws when the platform refuses it. */
  shareNatively(data: { title: string; url: string }): Promise<'shared' | 'dismissed'>;
  /** Copies the text; false when the clipboard refused it (the link is then shown to copy). */
  copyText(text: string): Promise<boolean>;
}
