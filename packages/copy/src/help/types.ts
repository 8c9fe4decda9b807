/**
 * The shape of the help and trust pages' long texts. Each language has one module of this shape
 * (en, fr, de); the i18n layer's current locale picks it, so the same version is shown in every
 * language and a missing translation fails the typecheck.
 */
export interface PolicySection {
  heading: string;
  /** Paragraphs, in order. */
  body?: string[];
  /** A bulleted list after the paragraphs. */
  list?: string[];
  /** A closing line after the list. */
  note?: string;
}

export interface PolicyDoc {
  title: string;
  /** The gist in two or three sentences, shown first. */
  summary: string;
  sections: PolicySection[];
}

export type PolicyId = 'terms' | 'privacy' | 'cookies' | 'licence' | 'interest' | 'safety' | 'support';

export type HelpDocs = Record<PolicyId, PolicyDoc>;
