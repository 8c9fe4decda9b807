/** The visitor's answer to the analytics question: essential records are kept whatever it is. */
export type Consent = 'granted' | 'denied' | 'unset';
