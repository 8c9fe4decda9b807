/** Opaque random tokens and their one-way hashes: what we hand out is never what we store. */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A key for one purpose derived from a server secret, so one secret never serves two purposes. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('hex');
}
