/**
 * Small values the server hands a client to carry back (a cookie), sealed with AES-256-GCM: the
 * client can neither read nor alter them, and a sealed value opens only under the label it was
 * sealed for (the cookie's name), so one cannot stand in for another.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './secrets';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  seal(plain: string, label: string): string;
  /** The plain text, or null when the value was not sealed by this key for this label. */
  open(sealed: string, label: string): string | null;
}

/** A sealer whose key is derived from a server secret for one purpose only. */
export function createSealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(deriveKey(secret, purpose), 'hex');
  return {
    seal(plain, label) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(label, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, label) {
      if (sealed.length > 4096 || !/^[A-Za-z0-9_-]+$/.test(sealed)) return null;
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES + 1) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(label, 'utf8'));
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
