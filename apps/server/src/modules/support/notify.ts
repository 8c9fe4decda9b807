/**
 * The reply path by email: a staff reply goes to the requester (their account's address or the
 * contact address they gave, in the conversation's language, with a link back to the thread —
 * signed for anyone without an account); a requester's reply goes to the assigned staff member;
 * a new conversation is announced to SUPPORT_INBOX. Sent after the answer, never failing it.
 */
import type { BackgroundTasks } from '../../platform/background';
import type { EmailProvider } from '../../providers/email/email-provider';
import { supportPage } from '../../providers/email/layout';
import { newConversationEmail, requesterReplyEmail, staffReplyEmail } from './emails';
import type { ConversationRow } from './repo';
import { supportToken } from './thread';

export interface SupportPeople {
  /** An account's safe summary and address, or null (erased). */
  account(id: string): Promise<{
    summary: {
      id: string;
      username: string;
      display_name: string;
      role: string;
      roles: string[];
      locale: string;
      email_verified: boolean;
      created_at: string;
    };
    email: string;
  } | null>;
  /** A staff member's or founder's profile, or null for anyone else. */
  staff(id: string): Promise<{ id: string; username: string; display_name: string } | null>;
  /** Every staff member and founder, by display name (whom a conversation can be assigned to). */
  staffMembers(limit: number): Promise<Array<{ id: string; username: string; display_name: string }>>;
  byIds(ids: readonly string[]): Promise<Map<string, { id: string; username: string; display_name: string }>>;
}

export interface SupportLinks {
  frontendUrl: string;
  tokenKey: string;
}

/** The requester's way back to the thread: signed when they have no account to sign in with. */
export function requesterLink(links: SupportLinks, row: ConversationRow): string {
  const base = `${links.frontendUrl}/help/support/${row.id}`;
  return row.requester_user_id ? base : `${base}?token=${supportToken(links.tokenKey, row.id)}`;
}

export function staffLink(links: SupportLinks, id: string): string {
  return `${links.frontendUrl}/admin/support/${id}`;
}

export interface SupportMailDeps {
  email: EmailProvider;
  background: BackgroundTasks;
  people: SupportPeople;
  links: SupportLinks;
  supportInbox: string | null;
  staffLanguage: string;
  timezone: string;
}

/** Sends in the background, after the answer: a failed email never fails the request. */
function send(deps: SupportMailDeps, stage: string, work: () => Promise<void>) {
  deps.background.run(stage, work);
}

/** A new conversation, to the support inbox when one is configured. */
export function announce(
  deps: SupportMailDeps,
  row: ConversationRow,
  message: string,
  translation: string | null,
) {
  const inbox = deps.supportInbox;
  if (!inbox) return;
  send(deps, 'support-announce', () =>
    deps.email.send(
      newConversationEmail({
        to: inbox,
        locale: deps.staffLanguage,
        subject: row.subject,
        category: row.category,
        priority: row.priority,
        dueAt: row.first_response_due_at,
        timezone: deps.timezone,
        message,
        translation,
        link: staffLink(deps.links, row.id),
      }),
    ),
  );
}

/** A staff reply, to the requester in the conversation's language. */
export function toRequester(
  deps: SupportMailDeps,
  row: ConversationRow,
  reply: string,
  translation: string | null,
) {
  send(deps, 'support-reply-email', async () => {
    const account = row.requester_user_id ? await deps.people.account(row.requester_user_id) : null;
    const to = account?.email ?? row.contact_email;
    // An erased requester has no address left: the reply stays in the thread only.
    if (!to) return;
    await deps.email.send(
      staffReplyEmail({
        to,
        name: account?.summary.display_name ?? null,
        subject: row.subject,
        locale: row.language,
        reply,
        translation,
        link: requesterLink(deps.links, row),
        support: supportPage(deps.links.frontendUrl),
      }),
    );
  });
}

/** A requester's reply, to the assigned staff member in their own language. */
export function toAssignee(
  deps: SupportMailDeps,
  row: ConversationRow,
  message: string,
  translation: string | null,
) {
  const assignee = row.assignee_user_id;
  if (!assignee) return;
  send(deps, 'support-assignee-email', async () => {
    const account = await deps.people.account(assignee);
    if (!account) return;
    await deps.email.send(
      requesterReplyEmail({
        to: account.email,
        name: account.summary.display_name,
        locale: account.summary.locale,
        subject: row.subject,
        message,
        translation,
        link: staffLink(deps.links, row.id),
      }),
    );
  });
}

export function createSupportMail(deps: SupportMailDeps) {
  return {
    announce: (row: ConversationRow, message: string, translation: string | null) =>
      announce(deps, row, message, translation),
    toRequester: (row: ConversationRow, reply: string, translation: string | null) =>
      toRequester(deps, row, reply, translation),
    toAssignee: (row: ConversationRow, message: string, translation: string | null) =>
      toAssignee(deps, row, message, translation),
  };
}

export type SupportMail = ReturnType<typeof createSupportMail>;
