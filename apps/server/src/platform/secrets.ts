/** Opaque random tokens and their one-way hashes: what we hand out is never what we store. */
import { createHash, randomBytes } from 'node:crypto';

export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
