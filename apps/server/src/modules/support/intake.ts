/**
 * What a new conversation must pass before anything of it is stored or a visitor session is made
 * for it: its text, a reply address from anyone without an account, the limits on how many one
 * account, visitor session and client address may open, and that every upload and resource it
 * points at is the requester's to point at (staff would otherwise read someone else's draft, job
 * or reservation as the requester's own).
 */
import { type CreateSupportRequest, SUPPORT_SUBJECT_MIN_LENGTH } from '@kitwright/contracts';
import { RATE_LIMITS } from '../../config/rate-limits';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import type { Owner } from '../../platform/viewer';

export type SupportResource = NonNullable<CreateSupportRequest['resource']>;

/** The owners of what a conversation may be about, read through their modules' services. */
export interface SupportReferences {
  /** Whether this person (null: a visitor) may name the listing: any not deleted, a private one only its owner. */
  listingReferable(userId: string | null, listingId: string): Promise<boolean>;
  /** The account a draft belongs to, or null when there is none with this id. */
  draftOwner(draftId: string): Promise<string | null>;
  /** The account a job was started by, or null (none with this id, or started by the service). */
  jobOwner(jobId: string): Promise<string | null>;
  /** Whether the reservation is this person's or visitor session's. */
  reservationHeldBy(owner: Owner, reservationId: string): Promise<boolean>;
}

export interface IntakeDeps {
  limiter: RateLimiter;
  references: SupportReferences;
  media: { requireOwnUploads(userId: string, ids: readonly string[]): Promise<void> };
}

/** Whether the requester may point a conversation at the resource; false for an unknown one too. */
async function mayReference(refs: SupportReferences, owner: Owner, r: SupportResource): Promise<boolean> {
  if (!isUuid(r.id)) return false;
  switch (r.type) {
    case 'listing':
      return refs.listingReferable(owner.userId, r.id);
    case 'draft':
      return owner.userId !== null && (await refs.draftOwner(r.id)) === owner.userId;
    case 'job':
      return owner.userId !== null && (await refs.jobOwner(r.id)) === owner.userId;
    case 'reservation':
      return (owner.userId !== null || owner.visitorId !== null) && refs.reservationHeldBy(owner, r.id);
  }
}

const NOT_YOURS: Record<SupportResource['type'], string> = {
  listing: 'There is no listing with this id that you can see.',
  draft: 'None of your drafts has this id.',
  job: 'None of your jobs has this id.',
  reservation: 'None of your reservations has this id.',
};

/** Counts one new conversation against every limit that applies to its requester (429 past one). */
async function withinLimits(limiter: RateLimiter, requester: Owner, ip: string | null): Promise<void> {
  const address = sha256Hex(ip ?? 'unknown');
  if (requester.userId) {
    const tooMany = 'You have opened many conversations lately. Reply in one of them, or try again later.';
    await enforceLimit(
      limiter,
      `support-account:${requester.userId}`,
      RATE_LIMITS.supportPerAccount,
      tooMany,
    );
    await enforceLimit(
      limiter,
      `support-account-day:${requester.userId}`,
      RATE_LIMITS.supportPerAccountPerDay,
      tooMany,
    );
  } else {
    await enforceLimit(
      limiter,
      `support-ip:${address}`,
      RATE_LIMITS.anonymousSupportPerIp,
      'Too many conversations were opened from your network. Try again later, or sign in.',
    );
    if (requester.visitorId)
      await enforceLimit(
        limiter,
        `support-visitor:${requester.visitorId}`,
        RATE_LIMITS.anonymousSupportPerVisitor,
        'You have opened several conversations in the last hour. Try again later, or sign in.',
      );
  }
  await enforceLimit(
    limiter,
    `support-ip-all:${address}`,
    RATE_LIMITS.supportPerIp,
    'Too many conversations were opened from your network. Try again later.',
  );
}

/**
 * Checks a new conversation and counts it against its requester's limits; answers its text
 * trimmed and its attachments, or refuses it (400, 404 for a resource that is not theirs to name,
 * whether or not it exists, 429 past a limit).
 */
export async function admitConversation(
  deps: IntakeDeps,
  requester: Owner,
  body: CreateSupportRequest,
  ip: string | null,
): Promise<{ subject: string; message: string; attachments: string[] }> {
  // Spaces around the text do not count towards its length (the stored text is trimmed).
  const subject = body.subject.trim();
  const message = body.message.trim();
  const blank: Record<string, string> = {};
  if (subject.length < SUPPORT_SUBJECT_MIN_LENGTH)
    blank.subject = `needs at least ${SUPPORT_SUBJECT_MIN_LENGTH} characters besides spaces`;
  if (message.length === 0) blank.message = 'is empty';
  if (Object.keys(blank).length > 0)
    throw new AppError('VALIDATION_FAILED', undefined, { location: 'body', fields: blank });
  const attachments = [...new Set(body.attachments ?? [])];
  // Uploads belong to accounts, as on a reply: only a signed-in requester attaches, their own.
  if (attachments.length > 0 && !requester.userId)
    throw new AppError('VALIDATION_FAILED', 'Sign in to your account to attach files.', {
      fields: { attachments: 'need you signed in' },
    });
  // Without an account there is no other way to answer: the address is required.
  if (!requester.userId && !body.contact_email)
    throw new AppError(
      'VALIDATION_FAILED',
      'Give an email address so we can answer you; without an account it is the only way we can reply.',
      { fields: { contact_email: 'is required' } },
    );
  await withinLimits(deps.limiter, requester, ip);
  if (requester.userId && attachments.length > 0)
    await deps.media.requireOwnUploads(requester.userId, attachments);
  const resource = body.resource;
  if (resource && !(await mayReference(deps.references, requester, resource)))
    throw new AppError('NOT_FOUND', NOT_YOURS[resource.type], {
      fields: { 'resource.id': 'is nothing you can refer to' },
    });
  return { subject, message, attachments };
}
