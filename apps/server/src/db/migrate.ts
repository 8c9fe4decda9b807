/**
 * Forward-only migrations: numbered SQL files in ./migrations, each applied once in its own
 * transaction. An advisory lock keeps several processes from migrating at once, and a checksum
 * refuses to run when a migration that was already applied has been edited.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { type Kysely, sql } from 'kysely';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(): Promise<MigrationFile[]> {
  const names = (await fs.readdir(MIGRATIONS_DIR)).filter((n) => /^\d{4}_[a-z0-9_]+\.sql$/.test(n)).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const text = await fs.readFile(new URL(name, MIGRATIONS_DIR), 'utf8');
    files.push({
      version: Number(name.slice(0, 4)),
      name,
      sql: text,
      checksum: createHash('sha256').update(text).digest('hex'),
    });
  }
  files.forEach((file, i) => {
    if (file.version !== i + 1) throw new Error(`Migration numbering has a gap or duplicate at ${file.name}`);
  });
  return files;
}

/** Applies pending migrations; returns the names it applied. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before any table type exists
export async function migrate(db: Kysely<any>): Promise<string[]> {
  const files = await readMigrations();
  return db.connection().execute(async (conn) => {
    // One lock per schema, so test schemas on one server migrate in parallel.
    await sql`SELECT pg_advisory_lock(hashtext('kitwright-migrate:' || current_schema()))`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(conn);
      const applied = await sql<{ version: number; name: string; checksum: string }>`
        SELECT version, name, checksum FROM schema_migrations ORDER BY version`.execute(conn);
      const done = new Map(applied.rows.map((r) => [r.version, r]));
      const ran: string[] = [];
      for (const file of files) {
        const previous = done.get(file.version);
        if (previous) {
          if (previous.checksum !== file.checksum) {
            throw new Error(
              `Migration ${file.name} was changed after it was applied; add a new migration instead`,
            );
          }
          continue;
        }
        await conn.transaction().execute(async (trx) => {
          await sql.raw(file.sql).execute(trx);
          await sql`INSERT INTO schema_migrations (version, name, checksum)
                    VALUES (${file.version}, ${file.name}, ${file.checksum})`.execute(trx);
        });
        ran.push(file.name);
      }
      return ran;
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('kitwright-migrate:' || current_schema()))`.execute(conn);
    }
  });
}
