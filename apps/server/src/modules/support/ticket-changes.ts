/**
 * Staff change a ticket: assign it, prioritise it, change its status or category, link or unlink
 * a bug, order or pre-order, in one audited transaction (each change its own audit entry, their
 * seqs kept on the conversation). A change to what already holds is refused.
 */
import type { SupportTicketDetail } from '@kitwright/contracts';
import { type AuditEntry, appendAudit, auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { SignedInUser } from '../../platform/viewer';
import type { DeskContext } from './context';
import * as repo from './repo';
import type { SupportStatus } from './thread';
import { ticketDetail } from './tickets';

export interface TicketChange {
  assignee_id?: string | null;
  priority?: string;
  status?: 'waiting_on_staff' | 'waiting_on_requester' | 'resolved' | 'closed';
  category?: string;
  add_link?: { type: 'bug' | 'order' | 'preorder'; reference: string };
  remove_link?: { type: 'bug' | 'order' | 'preorder'; reference: string };
}

async function requireStaff(ctx: DeskContext, id: string) {
  if (!(await ctx.people.staff(id)))
    throw new AppError('VALIDATION_FAILED', 'Assign a conversation to a staff member or a founder.', {
      fields: { assignee_id: 'is not staff' },
    });
}

export async function update(
  ctx: DeskContext,
  staff: SignedInUser,
  id: string,
  change: TicketChange,
): Promise<SupportTicketDetail> {
  const { db, clock } = ctx;
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  if (change.assignee_id) await requireStaff(ctx, change.assignee_id);
  const addRef = change.add_link?.reference.trim();
  const removeRef = change.remove_link?.reference.trim();
  if (change.add_link && !addRef)
    throw new AppError('VALIDATION_FAILED', 'Give the reference to link.', {
      fields: { 'add_link.reference': 'is empty' },
    });
  await auditedTransaction({ db, clock, alerts: ctx.alerts }, async (trx) => {
    const current = await repo.lockConversation(trx, id);
    if (!current) throw new AppError('NOT_FOUND');
    const now = clock.now();
    const seqs: number[] = [];
    const audit = (entry: AuditEntry) => appendAudit(trx, entry, clock);
    const record = async (action: string, details: Record<string, unknown>) => {
      seqs.push(
        await audit({
          actor: { type: 'user', id: staff.id },
          action,
          resourceType: 'support_conversation',
          resourceId: id,
          details,
        }),
      );
    };
    const set: Parameters<typeof repo.updateConversation>[2] = {};
    if (change.assignee_id !== undefined) {
      if (change.assignee_id === current.assignee_user_id)
        throw new AppError('INVALID_STATE', 'The conversation already has this assignee.');
      set.assignee_user_id = change.assignee_id;
      await record('support.assigned', { from: current.assignee_user_id, to: change.assignee_id });
    }
    if (change.priority !== undefined) {
      if (change.priority === current.priority)
        throw new AppError('INVALID_STATE', 'The conversation already has this priority.');
      set.priority = change.priority;
      await record('support.priority_changed', { from: current.priority, to: change.priority });
    }
    if (change.category !== undefined) {
      if (change.category === current.category)
        throw new AppError('INVALID_STATE', 'The conversation already has this category.');
      set.category = change.category;
      await record('support.category_changed', { from: current.category, to: change.category });
    }
    if (change.status !== undefined) {
      const from = current.status as SupportStatus;
      if (from === 'closed')
        throw new AppError(
          'INVALID_STATE',
          'A closed conversation stays closed; the requester opens a new one.',
        );
      if (change.status === from) throw new AppError('INVALID_STATE', `The conversation is already ${from}.`);
      if (change.status === 'waiting_on_requester' && current.first_staff_response_at === null)
        throw new AppError('INVALID_STATE', 'Reply first: nothing was asked of the requester yet.');
      set.status = change.status;
      if (change.status === 'resolved') set.solved_at = now;
      if (change.status === 'closed') set.closed_at = now;
      await record('support.status_changed', { from, to: change.status });
    }
    if (change.add_link && addRef) {
      const added = await repo.addLink(trx, {
        conversation_id: id,
        type: change.add_link.type,
        reference: addRef,
        created_by: staff.id,
        created_at: now,
      });
      if (!added) throw new AppError('INVALID_STATE', 'This link is already on the conversation.');
      await record('support.linked', { type: change.add_link.type, reference: addRef });
    }
    if (change.remove_link && removeRef) {
      if (!(await repo.removeLink(trx, id, change.remove_link.type, removeRef)))
        throw new AppError('INVALID_STATE', 'The conversation has no such link.');
      await record('support.unlinked', { type: change.remove_link.type, reference: removeRef });
    }
    await repo.updateConversation(trx, id, { ...set, updated_at: now });
    await repo.addAuditRefs(trx, id, seqs);
  });
  return ticketDetail(ctx, id);
}
