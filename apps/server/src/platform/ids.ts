/** Identifiers: UUID v7, so ids sort by creation time and index well. */
import { v7 } from 'uuid';

export function newId(): string {
  return v7();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
