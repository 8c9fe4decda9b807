/**
 * db/schema.ts is written by hand and the migrations are SQL, so nothing but this test keeps them
 * in step. It runs on PGlite and, with DATABASE_URL, on PostgreSQL: information_schema is the same
 * on both, and so must the schema be.
 */
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareSchemas,
  type DbSchema,
  formatMismatches,
  readDbSchema,
  readTsSchema,
  type TsSchema,
} from './support/schema-drift';
import { openTestDatabase, type TestDatabase } from './support/test-app';

const SCHEMA_FILE = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));
/** migrate.ts's own bookkeeping, which the app never queries through Kysely. */
const BOOKKEEPING = ['schema_migrations'];

describe('db/schema.ts against the migrated database', () => {
  let testDb: TestDatabase;
  let dbSchema: DbSchema;
  let tsSchema: TsSchema;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    dbSchema = await readDbSchema(testDb.database.db, BOOKKEEPING);
    tsSchema = readTsSchema(SCHEMA_FILE);
  });
  afterAll(async () => testDb?.cleanup());

  it('declares every table and column with a matching type, nullability and default', () => {
    const mismatches = compareSchemas(tsSchema, dbSchema);
    if (mismatches.length > 0) expect.fail(formatMismatches(mismatches));
    // Guards against a comparison that passes because it read nothing.
    expect(Object.keys(tsSchema).length).toBeGreaterThan(30);
    expect(Object.keys(dbSchema.tables).sort()).toEqual(Object.keys(tsSchema).sort());
  });

  it('reads values the way the SQL-to-TS mapping assumes', async () => {
    // SQL_TO_TS follows the driver's parsers; if connection.ts or pg changes them, the mapping
    // (and schema.ts) must change too.
    const { rows } = await sql<Record<string, unknown>>`
      SELECT 9007199254740991::bigint AS int8, 1.5::real AS float4, 1.5::numeric AS numeric,
             '2024-01-02'::date AS date, now() AS timestamptz, to_tsvector('simple', 'kit') AS tsvector,
             ARRAY['a']::text[] AS text_array, '{"a": 1}'::jsonb AS jsonb`.execute(testDb.database.db);
    const row = rows[0]!;
    expect(row.int8).toBe(Number.MAX_SAFE_INTEGER);
    expect(row.float4).toBe(1.5);
    expect(row.numeric).toBe('1.5');
    expect(row.date).toBeInstanceOf(Date);
    expect(row.timestamptz).toBeInstanceOf(Date);
    expect(typeof row.tsvector).toBe('string');
    expect(row.text_array).toEqual(['a']);
    expect(row.jsonb).toEqual({ a: 1 });
  });

  it('reads column types the way Kysely sees them', () => {
    expect(tsSchema.users?.role).toEqual({
      type: '"user" | "staff" | "founder"',
      categories: ['literal union'],
      nullable: false,
      optionalOnInsert: true,
    });
    expect(tsSchema.users?.password_hash).toMatchObject({ categories: ['string'], nullable: true });
    expect(tsSchema.users?.email_verified_at).toMatchObject({ categories: ['Date'], nullable: true });
    expect(tsSchema.users?.created_at).toMatchObject({ categories: ['Date'], optionalOnInsert: true });
    expect(tsSchema.auth_sessions?.created_at).toMatchObject({
      categories: ['Date'],
      optionalOnInsert: false,
    });
    expect(tsSchema.audit_log?.seq).toMatchObject({ categories: ['number'], optionalOnInsert: false });
    expect(tsSchema.delivery_state?.id).toMatchObject({ categories: ['boolean'], optionalOnInsert: true });
    expect(tsSchema.listings?.tags).toMatchObject({ categories: ['string[]'], optionalOnInsert: true });
    expect(tsSchema.jobs?.steps).toMatchObject({ categories: ['object'], optionalOnInsert: true });
    expect(tsSchema.jobs?.status).toMatchObject({ categories: ['literal union'], optionalOnInsert: true });
    expect(tsSchema.phase_decisions?.gate_evidence).toMatchObject({
      categories: ['object'],
      optionalOnInsert: false,
    });
    expect(tsSchema.listing_views?.day).toMatchObject({ categories: ['Date'], optionalOnInsert: false });
    expect(tsSchema.media_files?.mesh_report).toMatchObject({ categories: ['object'], nullable: true });
  });

  it('reports every kind of drift, one line per column', () => {
    const altered = structuredClone(tsSchema);
    const column = (table: string, name: string) => altered[table]![name]!;
    delete altered.users!.locale;
    altered.users!.nickname = {
      type: 'string',
      categories: ['string'],
      nullable: false,
      optionalOnInsert: false,
    };
    column('jobs', 'error_code').nullable = false;
    column('jobs', 'error_code').type = 'string';
    Object.assign(column('listings', 'view_count'), { type: 'string', categories: ['string'] });
    Object.assign(column('alerts', 'state'), { optionalOnInsert: false });
    Object.assign(column('product_events', 'properties'), { optionalOnInsert: true });
    delete altered.email_outbox;
    altered.gadgets = {
      id: { type: 'string', categories: ['string'], nullable: false, optionalOnInsert: false },
    };

    const mismatches = compareSchemas(altered, dbSchema);
    expect(mismatches.map((m) => [m.kind, m.column ? `${m.table}.${m.column}` : m.table])).toEqual([
      ['undeclared table', 'email_outbox'],
      ['undeclared column', 'users.locale'],
      ['missing column', 'users.nickname'],
      ['default', 'alerts.state'],
      ['nullability', 'jobs.error_code'],
      ['optional without default', 'product_events.properties'],
      ['type', 'listings.view_count'],
      ['missing table', 'gadgets'],
    ]);
    const report = formatMismatches(mismatches);
    expect(report).toContain('(8)');
    expect(report).toContain(
      'jobs.error_code [nullability]: TS says not nullable (string), database says nullable',
    );
    expect(report).toContain('listings.view_count [type]: TS says string (string), database says integer');
    expect(report).toContain('users.locale [undeclared column]: TS says nothing, database has text NOT NULL');
  });

  it('names a SQL type the mapping does not know instead of passing it', () => {
    const altered = structuredClone(dbSchema);
    altered.tables.listings!.slug!.sqlType = 'money';
    expect(compareSchemas(tsSchema, altered)).toEqual([
      {
        kind: 'unmapped type',
        table: 'listings',
        column: 'slug',
        message:
          'TS says string, database says money, which the drift test cannot map yet: add it to SQL_TO_TS',
      },
    ]);
  });
});
