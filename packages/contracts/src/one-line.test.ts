/**
 * Every text field of every request body is one line (titles, names, tags, subjects, labels,
 * versions, identifiers), unless it is listed below as text that may run over several lines or as
 * a secret or provider text taken as sent. A new field is one line until someone lists it.
 */
import type Type from 'typebox';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { OPERATION_SCHEMAS } from './operation-schemas';
import { LINE_BREAKS, ONE_LINE_PATTERN } from './schemas/common';

/** Fields that may hold several lines: descriptions, messages, notes, reasons written at length. */
const MULTI_LINE = new Set([
  'reportClientError message',
  'reportClientError stack',
  'createDraft prompt',
  'updateDraft prompt',
  'publishDraft description',
  'editListing description',
  'cancelReservation reason',
  'createSupportConversation message',
  'replySupportConversation message',
  'replySupportTicket message',
  'recordGate evidence',
  'decidePhase reason',
  'updateIncident note',
  'decideModeration reason',
  'qualifyReservation note',
  'cancelPreorder note',
  'submitBetaFeedback text',
  'createBetaCohort description',
  'createBetaSession tasks[].notes',
  'createBetaSession interview_notes',
  'updateBetaSession tasks[].notes',
  'updateBetaSession interview_notes',
]);

/**
 * Taken as sent: passwords (any characters a person chose), what an identity provider posts, and
 * what the app copies from the address a visitor arrived by (campaign parameters, a share code),
 * which an odd link must not turn into a refused sign-up or reservation.
 */
const TAKEN_AS_SENT = new Set([
  'register source_attribution.*',
  'reserveInterest source.share_code',
  'reserveInterest source.attribution.*',
  'register password',
  'login password',
  'resetPassword new_password',
  'changePassword old_password',
  'changePassword new_password',
  'deleteAccount password',
  'oauthFormCallback code',
  'oauthFormCallback state',
  'oauthFormCallback error',
  'oauthFormCallback iss',
  'oauthFormCallback user',
  'oauthFormCallback *',
]);

/** A value each field with a format or a pattern of its own accepts. */
const SAMPLES: Record<string, string> = {
  'register username': 'maker_1',
  'reserveInterest jurisdiction': 'GB',
  'decidePhase release_tag': 'phase-a5-preorder-20261127.1',
  'submitBetaFeedback screen': 'gallery',
};
const EMAIL = 'maker@example.com';

interface Leaf {
  id: string;
  schema: Type.TSchema & { minLength?: number; pattern?: string; format?: string };
}

type Node = Record<string, unknown> & {
  type?: string;
  anyOf?: Node[];
  properties?: Record<string, Node>;
  patternProperties?: Record<string, Node>;
  additionalProperties?: Node | boolean;
  items?: Node;
};

/** The free-text leaves of a body: strings without an enum, const, uuid or date-time. */
function leaves(node: Node, path: string, out: Leaf[], op: string): Leaf[] {
  if (node.anyOf) for (const variant of node.anyOf) leaves(variant, path, out, op);
  else if (node.type === 'object') {
    for (const [key, child] of Object.entries(node.properties ?? {}))
      leaves(child, path ? `${path}.${key}` : key, out, op);
    for (const child of Object.values(node.patternProperties ?? {})) leaves(child, `${path}.*`, out, op);
    if (typeof node.additionalProperties === 'object')
      leaves(node.additionalProperties, path ? `${path}.*` : '*', out, op);
  } else if (node.type === 'array' && node.items) leaves(node.items, `${path}[]`, out, op);
  else if (
    node.type === 'string' &&
    node.enum === undefined &&
    node.const === undefined &&
    node.format !== 'uuid' &&
    node.format !== 'date-time'
  )
    out.push({ id: `${op} ${path}`, schema: node as Leaf['schema'] });
  return out;
}

// Each body read as the JSON Schema it is sent as (the document's data, without TypeBox's own keys).
const bodyLeaves = Object.entries(OPERATION_SCHEMAS).flatMap(([op, s]) =>
  'body' in s ? leaves(JSON.parse(JSON.stringify(s.body)), '', [], op) : [],
);
const oneLine = bodyLeaves.filter((l) => !MULTI_LINE.has(l.id) && !TAKEN_AS_SENT.has(l.id));

function sampleFor(leaf: Leaf): string {
  const sample = SAMPLES[leaf.id];
  if (sample) return sample;
  if (leaf.schema.format === 'email') return EMAIL;
  return 'a'.repeat(Math.max(1, leaf.schema.minLength ?? 1));
}

describe('one-line fields of request bodies', () => {
  it('finds the fields the lists name, and the one-line ones through OneLine or a pattern of their own', () => {
    const ids = new Set(bodyLeaves.map((l) => l.id));
    expect([...MULTI_LINE, ...TAKEN_AS_SENT].filter((id) => !ids.has(id))).toEqual([]);
    expect(oneLine.length).toBeGreaterThan(50);
    // A field with a pattern or format of its own needs a sample above; the rest use OneLine.
    const own = oneLine.filter((l) => l.schema.pattern !== ONE_LINE_PATTERN);
    expect(own.filter((l) => !SAMPLES[l.id] && l.schema.format !== 'email').map((l) => l.id)).toEqual([]);
  });

  it.each(oneLine.map((l) => [l.id, l] as const))('%s refuses every line break', (_id, leaf) => {
    const sample = sampleFor(leaf);
    expect(Value.Check(leaf.schema, sample)).toBe(true);
    for (const br of LINE_BREAKS)
      for (const value of [
        `${sample}${br}`,
        `${br}${sample}`,
        `${sample.slice(0, 1)}${br}${sample.slice(1)}`,
      ])
        expect(Value.Check(leaf.schema, value), JSON.stringify(value)).toBe(false);
  });

  it.each([...MULTI_LINE].map((id) => [id] as const))('%s keeps taking several lines', (id) => {
    const text = 'First line of it\nsecond line\r\nthird\u2028fourth';
    for (const leaf of bodyLeaves.filter((l) => l.id === id))
      expect(Value.Check(leaf.schema, text)).toBe(true);
  });
});
