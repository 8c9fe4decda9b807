/** The visitor's answer to the analytics question, and where both platforms keep it. */

/** Essential records are kept whatever the answer is. */
export type Consent = 'granted' | 'denied' | 'unset';

export interface ConsentStoreModule {
  load(): Consent;
  save(value: Consent): void;
}
