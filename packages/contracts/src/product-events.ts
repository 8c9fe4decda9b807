/**
 * The product-analytics event dictionary (spec: Product analytics events). The server owns it,
 * serves it at GET /api/config/product-events and validates every event against it, whoever
 * emits it. `consent` says whether an event is essential (kept when a visitor rejects optional
 * analytics) or optional analytics (dropped without consent).
 */
import { AUTH_PROVIDERS } from './auth-rules';

/** A visitor's or account's answer to optional analytics (`unset`: not asked yet). */
export const CONSENT_STATES = ['granted', 'denied', 'unset'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

export type EventPropertyType = 'string' | 'number' | 'boolean' | 'object' | 'string[]';

export interface EventPropertySpec {
  type: EventPropertyType;
  /** A required property may still be null where the spec says "if known" or "where allowed". */
  nullable?: boolean;
  enum?: readonly string[];
}

export interface ProductEventSpec {
  version: number;
  consent: 'essential' | 'analytics';
  /** Who may emit it: funnel events are emitted by the server only, so clients cannot forge them. */
  emitter: 'server' | 'client';
  properties: Record<string, EventPropertySpec>;
}

const str: EventPropertySpec = { type: 'string' };
const strOrNull: EventPropertySpec = { type: 'string', nullable: true };
const bool: EventPropertySpec = { type: 'boolean' };
const num: EventPropertySpec = { type: 'number' };
const attribution: EventPropertySpec = { type: 'object' };

export const PRODUCT_EVENTS = {
  session_started: {
    version: 1,
    consent: 'analytics',
    emitter: 'client',
    properties: {
      anonymous_session_id: str,
      user_id: strOrNull,
      first_touch_attribution: attribution,
      last_touch_attribution: attribution,
      referrer: strOrNull,
      device_class: { type: 'string', enum: ['mobile', 'tablet', 'desktop', 'unknown'] },
      consent_state: { type: 'string', enum: [...CONSENT_STATES] },
    },
  },
  signup_completed: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: {
      user_id: str,
      auth_provider: { type: 'string', enum: [...AUTH_PROVIDERS] },
      source_surface: str,
      source_attribution: attribution,
    },
  },
  listing_viewed: {
    version: 1,
    consent: 'analytics',
    emitter: 'server',
    properties: {
      listing_id: str,
      designer_id: str,
      source_surface: str,
      source_attribution: attribution,
      signed_in: bool,
    },
  },
  listing_saved: {
    version: 1,
    consent: 'analytics',
    emitter: 'server',
    properties: { listing_id: str, user_id: strOrNull, session_id: strOrNull, source_surface: str },
  },
  create_started: {
    version: 1,
    consent: 'analytics',
    emitter: 'server',
    properties: {
      mode: { type: 'string', enum: ['A', 'B'] },
      source_surface: str,
      signed_in: bool,
      source_attribution: attribution,
    },
  },
  upload_validation_failed: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: {
      draft_id: strOrNull,
      session_id: strOrNull,
      format: strOrNull,
      size_bucket: str,
      reason_code: str,
    },
  },
  draft_saved: {
    version: 1,
    consent: 'analytics',
    emitter: 'server',
    properties: {
      draft_id: str,
      mode: { type: 'string', enum: ['A', 'B'] },
      stage: str,
      has_model: bool,
      has_block_kit: bool,
    },
  },
  generation_job_failed: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: { job_id: str, job_type: str, stage: str, safe_error_code: str, retryable: bool },
  },
  listing_published: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: {
      listing_id: str,
      draft_id: str,
      visibility: { type: 'string', enum: ['public', 'unlisted', 'private'] },
      mode: { type: 'string', enum: ['A', 'B'] },
    },
  },
  checkout_started: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: {
      checkout_id: str,
      listing_ids: { type: 'string[]' },
      expected_total: num,
      source_attribution: attribution,
    },
  },
  setup_intent_created: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: {
      checkout_id: str,
      preorder_id: strOrNull,
      payment_mode: str,
      no_capture_acknowledged: bool,
    },
  },
  setup_intent_succeeded: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: { preorder_id: str, checkout_id: str, expected_total: num, card_verification_status: str },
  },
  setup_intent_failed: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: { checkout_id: str, safe_failure_code: str, retryable: bool },
  },
  preorder_cancelled: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: { preorder_id: str, reason_category: str, days_since_created: num },
  },
  support_conversation_created: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: { support_id: str, category: str, source_surface: str, resource_reference: strOrNull },
  },
  support_conversation_replied: {
    version: 1,
    consent: 'essential',
    emitter: 'server',
    properties: { support_id: str, responder_role: str, response_time_bucket: str },
  },
  beta_feedback_submitted: {
    version: 1,
    consent: 'analytics',
    emitter: 'server',
    properties: {
      beta_tester_id: strOrNull,
      user_id: strOrNull,
      flow: str,
      rating: num,
      reason_category: str,
      free_text: { type: 'object' },
    },
  },
} as const satisfies Record<string, ProductEventSpec>;

export type ProductEventName = keyof typeof PRODUCT_EVENTS;

export function isProductEventName(value: string): value is ProductEventName {
  return Object.hasOwn(PRODUCT_EVENTS, value);
}

/** Problems with an event's properties against the dictionary; an empty list means valid. */
export function validateEventProperties(
  name: ProductEventName,
  properties: Record<string, unknown>,
): string[] {
  const spec: ProductEventSpec = PRODUCT_EVENTS[name];
  const problems: string[] = [];
  for (const [key, prop] of Object.entries(spec.properties)) {
    if (!Object.hasOwn(properties, key)) {
      problems.push(`${key} is required`);
      continue;
    }
    const value = properties[key];
    if (value === null || value === undefined) {
      if (!prop.nullable) problems.push(`${key} must not be null`);
      continue;
    }
    const ok =
      prop.type === 'string[]'
        ? Array.isArray(value) && value.every((v) => typeof v === 'string')
        : prop.type === 'object'
          ? typeof value === 'object' && !Array.isArray(value)
          : typeof value === prop.type && (prop.type !== 'number' || Number.isFinite(value));
    if (!ok) problems.push(`${key} must be ${prop.type}`);
    else if (prop.enum && !prop.enum.includes(value as string)) {
      problems.push(`${key} must be one of ${prop.enum.join(', ')}`);
    }
  }
  for (const key of Object.keys(properties)) {
    if (!Object.hasOwn(spec.properties, key)) problems.push(`${key} is not a property of ${name}`);
  }
  return problems;
}
