/**
 * Staff move an incident: acknowledge, assign, annotate or resolve it (with a note), in one
 * audited transaction, each change a line of its timeline. A change that does nothing
 * (acknowledging what is acknowledged, assigning the current owner) is refused rather than
 * recorded twice; a resolved incident is final.
 */
import type { IncidentNoteRow } from '../../platform/alerts-repo';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { IncidentsContext } from './context';
import { get } from './reading';
import type { Detail } from './views';

export interface IncidentChange {
  state?: 'acknowledged' | 'resolved';
  assignee_id?: string | null;
  note?: string;
}

export async function update(
  ctx: IncidentsContext,
  staffId: string,
  id: string,
  change: IncidentChange,
): Promise<Detail> {
  const { db, clock, alerts } = ctx;
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const note = change.note?.trim() || null;
  if (change.note !== undefined && note === null)
    throw new AppError('VALIDATION_FAILED', 'Write the note.', { fields: { note: 'is empty' } });
  if (change.state === 'resolved' && note === null)
    throw new AppError('VALIDATION_FAILED', 'Say what was done to resolve it.', {
      fields: { note: 'is required to resolve' },
    });
  if (change.assignee_id && !(await ctx.profiles.staff(change.assignee_id)))
    throw new AppError('VALIDATION_FAILED', 'Only a staff member or a founder can own an incident.', {
      fields: { assignee_id: 'is not staff' },
    });
  await auditedTransaction({ db, clock, alerts }, async (trx, audit) => {
    const current = await alerts.incidents.lock(trx, id);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.state === 'resolved')
      throw new AppError('INVALID_STATE', 'This incident is resolved; a recurrence opens a new one.');
    const at = clock.now();
    const record = async (
      kind: IncidentNoteRow['kind'],
      body: string | null,
      action: string,
      details: Record<string, unknown>,
    ) => {
      await alerts.incidents.addNote(trx, { alertId: id, authorId: staffId, kind, body, at });
      await audit({
        actor: { type: 'user', id: staffId },
        action,
        resourceType: 'incident',
        resourceId: id,
        details: { alert_key: current.alert_key, ...details },
      });
    };
    if (change.assignee_id !== undefined) {
      if (change.assignee_id === current.assignee_id)
        throw new AppError('INVALID_STATE', 'The incident already has this owner.');
      await alerts.incidents.update(trx, id, { assignee_id: change.assignee_id });
      await record('assigned', null, 'incident.assigned', { assignee_id: change.assignee_id });
    }
    if (change.state === 'acknowledged') {
      if (current.state === 'acknowledged')
        throw new AppError('INVALID_STATE', 'This incident is already acknowledged.');
      await alerts.incidents.update(trx, id, {
        state: 'acknowledged',
        acknowledged_at: at,
        acknowledged_by: staffId,
      });
      await record('acknowledged', null, 'incident.acknowledged', {});
    }
    if (change.state === 'resolved') {
      await alerts.incidents.update(trx, id, {
        state: 'resolved',
        resolved_at: at,
        resolved_by: staffId,
        resolution_note: note,
      });
      await record('resolved', note, 'incident.resolved', { note_length: note?.length ?? 0 });
    } else if (note !== null) {
      await record('note', note, 'incident.noted', { note_length: note.length });
    }
  });
  return get(ctx, id);
}
