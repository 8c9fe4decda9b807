/** Where stored files live: local disk by default, S3-compatible object storage when configured. */
export interface StoredObject {
  body: Buffer;
  contentType: string | null;
}

export interface StorageProvider {
  readonly kind: 'fs' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Proves the store can be written and read now (readiness); throws with a safe message if not. */
  check(): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,511}$/;

/** Keys are ours, never a user's file name; this refuses anything that could climb out of the store. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
