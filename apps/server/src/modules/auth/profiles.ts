/**
 * People as other modules show them: id, username and display name. Listings, cards and
 * reservations name their designers through this, never by reading the users table themselves.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { rolesOf } from '../../platform/viewer';
import * as repo from './users-repo';

export interface Profile {
  id: string;
  username: string;
  display_name: string;
}

/** Stands in for an account that no longer exists, so a page still renders. */
export function unknownProfile(id: string): Profile {
  return { id, username: 'unknown', display_name: 'Unknown designer' };
}

export function createProfiles(db: Kysely<DB>) {
  return {
    async byIds(ids: readonly string[]): Promise<Map<string, Profile>> {
      const rows = await repo.profilesByIds(db, ids);
      return new Map(rows.map((r) => [r.id, r]));
    },
    idByUsername: (username: string) => repo.idByUsername(db, username),
    /**
     * An account as support staff see it (display name, username, role, locale, created,
     * verified) and where to write to it; never a password hash or token. Null when erased.
     */
    async account(id: string) {
      const row = await repo.accountSummary(db, id);
      if (!row) return null;
      return {
        summary: {
          id: row.id,
          username: row.username,
          display_name: row.display_name,
          role: row.role,
          roles: rolesOf(row.role),
          locale: row.locale,
          email_verified: row.email_verified_at !== null,
          created_at: row.created_at.toISOString(),
        },
        email: row.email,
      };
    },

    /** A person's address, name and language, for an email about their own listing; null if gone. */
    async contact(
      id: string,
      q: Kysely<DB> | Transaction<DB> = db,
    ): Promise<{ email: string; display_name: string; locale: string } | null> {
      return (await repo.contactOf(q, id)) ?? null;
    },
    /** The profile of a staff member or founder (who may own an incident), or null. */
    async staff(id: string): Promise<Profile | null> {
      return (await repo.staffProfile(db, id)) ?? null;
    },
    /** Every staff member and founder (who may be assigned work), by display name. */
    staffMembers: (limit: number): Promise<Profile[]> => repo.staffProfiles(db, limit),
  };
}

export type Profiles = ReturnType<typeof createProfiles>;
