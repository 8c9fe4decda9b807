/**
 * The embedded test databases a worker reuses from file to file (support/test-db-reuse.ts): a
 * reset one is indistinguishable from one loaded from the template, and one whose structure a
 * test changed is thrown away. On PostgreSQL every test database is a new schema, never reused.
 */
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDatabaseCounts } from './support/test-app';
import { resetToSnapshot, type Sql, takeSnapshot } from './support/test-db-reuse';

/** Runs `work` on one connection of the database (the embedded one has only one). */
function onOneConnection<T>(t: TestDatabase, work: (q: Sql) => Promise<T>): Promise<T> {
  return t.database.db.connection().execute((conn) =>
    work({
      query: async <R>(text: string, params?: unknown[]) =>
        (await conn.executeQuery(CompiledQuery.raw(text, params ?? []))) as { rows: R[] },
    }),
  );
}

const addUser = (q: Sql, username: string) =>
  q.query(
    "INSERT INTO users (id, username, email, display_name) VALUES (gen_random_uuid(), $1, $1 || '@example.com', $1)",
    [username],
  );

const embedded = !process.env.DATABASE_URL;

// Each driver has its own rule: embedded databases are reused (reset), PostgreSQL schemas are not.
const onEmbedded = embedded ? describe : () => {};
const onPostgres = embedded ? () => {} : describe;

onPostgres('test databases on PostgreSQL', () => {
  it('are a new schema each time, dropped at cleanup, never reused', async () => {
    const first = await openTestDatabase();
    const schema = first.env.DATABASE_SCHEMA;
    const exists = async (t: TestDatabase) =>
      (
        await onOneConnection(t, (q) =>
          q.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1', [schema]),
        )
      ).rows[0]?.n;
    expect(await exists(first)).toBe(1);
    await first.cleanup();
    const second = await openTestDatabase();
    try {
      expect(second.env.DATABASE_SCHEMA).not.toBe(schema);
      expect(await exists(second)).toBe(0);
    } finally {
      await second.cleanup();
    }
  });
});

onEmbedded('reused embedded test databases', () => {
  it('a reset database has the template’s tables, rows and settings, and none of the last test’s', async () => {
    const t = await openTestDatabase();
    try {
      await onOneConnection(t, async (q) => {
        const template = await takeSnapshot(q);
        // The migrations leave rows of their own; a test adds more and changes one of theirs.
        expect(template.rows.map((r) => r.table)).toEqual(
          expect.arrayContaining(['"schema_migrations"', '"delivery_state"']),
        );
        await addUser(q, 'left-behind');
        await q.query(
          "UPDATE delivery_state SET decided_by = 'a test', decided_at = now() - interval '3 days'",
        );
        await q.query("SET statement_timeout = '1234ms'");
        // A transaction left open, as a test that stops half-way leaves the embedded session.
        await q.query('BEGIN');
        await addUser(q, 'uncommitted');

        expect(await resetToSnapshot(q, template)).toBe(true);
        expect(await takeSnapshot(q)).toEqual(template);
        const users = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
        expect(users.rows[0]?.n).toBe(0);
        const timeout = await q.query<{ statement_timeout: string }>('SHOW statement_timeout');
        expect(timeout.rows[0]?.statement_timeout).toBe('0');
      });
    } finally {
      await t.cleanup();
    }
  });

  it('refuses to reset a database whose structure a test changed, and resets one changed back', async () => {
    const t = await openTestDatabase();
    try {
      await onOneConnection(t, async (q) => {
        const template = await takeSnapshot(q);
        const reset = () => resetToSnapshot(q, template);
        await q.query('ALTER TABLE jobs RENAME TO jobs_moved');
        expect(await reset()).toBe(false);
        await q.query('ALTER TABLE jobs_moved RENAME TO jobs');
        expect(await reset()).toBe(true);
        await q.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update');
        expect(await reset()).toBe(false);
        await q.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update');
        await q.query('CREATE SCHEMA elsewhere');
        await q.query(
          'CREATE FUNCTION elsewhere.left_behind() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$',
        );
        expect(await reset()).toBe(false);
        await q.query('DROP SCHEMA elsewhere CASCADE');
        expect(await reset()).toBe(true);
        await q.query('ALTER TABLE users ADD COLUMN nickname text');
        expect(await reset()).toBe(false);
        await q.query('ALTER TABLE users DROP COLUMN nickname');
        // A dropped column stays in the catalog: not the template's table any more.
        expect(await reset()).toBe(false);
      });
    } finally {
      await t.cleanup();
    }
  });

  it('gives a finished file’s database to the next one reset, and throws away one it cannot reset', async () => {
    const first = await openTestDatabase();
    await onOneConnection(first, (q) => addUser(q, 'from-the-last-file'));
    const before = { ...testDatabaseCounts };
    await first.cleanup();
    expect(testDatabaseCounts.shelved).toBe(before.shelved + 1);

    const second = await openTestDatabase();
    expect(testDatabaseCounts.reused).toBe(before.reused + 1);
    const users = await second.database.db.selectFrom('users').select('username').execute();
    expect(users).toEqual([]);
    const migrations = await onOneConnection(second, (q) =>
      q.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'),
    );
    expect(migrations.rows[0]?.n).toBeGreaterThan(20);
    await onOneConnection(second, (q) =>
      q.query('CREATE FUNCTION left_behind() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$'),
    );
    await second.cleanup();
    expect(testDatabaseCounts.discarded).toBe(before.discarded + 1);
    expect(testDatabaseCounts.shelved).toBe(before.shelved + 1);

    // The next file gets a new one, without the function.
    const third = await openTestDatabase();
    try {
      const fn = await onOneConnection(third, (q) =>
        q.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'left_behind'"),
      );
      expect(fn.rows[0]?.n).toBe(0);
    } finally {
      await third.cleanup();
    }
  });
});
