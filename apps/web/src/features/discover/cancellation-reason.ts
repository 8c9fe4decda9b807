/**
 * What a cancellation keeps as its reason: the chosen reason and the note, either, both or
 * neither (giving a reason is optional), within the server's limit.
 */
import { CANCELLATION_REASON_MAX_LENGTH } from '@kitwright/contracts/constants';

export function cancellationReason(chosen: string | null, note: string): string | null {
  const text = [chosen?.trim(), note.trim()]
    .filter(Boolean)
    .join(' — ')
    .slice(0, CANCELLATION_REASON_MAX_LENGTH);
  return text === '' ? null : text;
}
