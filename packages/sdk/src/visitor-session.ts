/**
 * The anonymous visitor session (spec Authentication 11). Browsers keep it in the server's
 * HttpOnly cookie; other runtimes keep its token in storage and send it as x-visitor-session.
 */
import type { VisitorSessionResponse } from '@kitwright/contracts';
import type { ApiClient } from './api-client';
import { call } from './resources/call';
import { isPromiseLike, type StorageAdapter } from './storage';

export const VISITOR_STORAGE_KEY = 'state_server_visitor';

export class VisitorSession {
  private token: string | null = null;

  constructor(
    private readonly storage: StorageAdapter,
    private readonly api: ApiClient,
    /** False in browsers, where the cookie already does this and a script-readable copy would weaken it. */
    private readonly useHeader: boolean,
  ) {}

  /** Picks up a visitor token stored earlier; synchronous when the storage is. */
  restore(): void | Promise<void> {
    if (!this.useHeader) return;
    const apply = (value: string | null) => {
      this.token = value || null;
      this.api.setVisitorToken(this.token);
    };
    try {
      const raw = this.storage.getItem(VISITOR_STORAGE_KEY);
      if (isPromiseLike(raw)) return raw.then(apply, () => {});
      apply(raw);
    } catch {
      // Unreadable storage: start without a visitor session.
    }
  }

  current(): string | null {
    return this.token;
  }

  /** Starts a visitor session, or confirms the one presented (the server answers 200 then). */
  async start(): Promise<VisitorSessionResponse> {
    const result = await call(this.api, 'startVisitorSession', { auth: 'none' });
    if (this.useHeader) {
      this.token = result.session_token;
      this.api.setVisitorToken(this.token);
      await this.write(this.token);
    }
    return result;
  }

  /** After a sign-in the server has moved the visitor's belongings to the account: stop presenting it. */
  async drop(): Promise<void> {
    if (this.token === null) return;
    this.token = null;
    this.api.setVisitorToken(null);
    await this.write(null);
  }

  private async write(value: string | null): Promise<void> {
    try {
      if (value === null) await this.storage.removeItem(VISITOR_STORAGE_KEY);
      else await this.storage.setItem(VISITOR_STORAGE_KEY, value);
    } catch {
      // Memory only, then.
    }
  }
}
