/**
 * Embedded test databases are reused within a test worker. When a file is done with its
 * database, the database is put back to the state the migrations leave (every table emptied, the
 * migrations' own rows put back, sequences rewound, the session discarded) and handed to the next
 * file that asks, instead of loading a new PGlite from the template (1.6 s on an idle machine,
 * 3 s beside the other worker; a reset takes about 0.1 s). A database whose structure a test
 * changed (a trigger or function left behind, a table renamed and not renamed back) no longer
 * matches the template's fingerprint, and is thrown away instead: a test never sees another's
 * tables or rows.
 */

/** What a PGlite instance (or one connection to it) offers: one statement, with parameters. */
export interface Sql {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface Snapshot {
  fingerprint: string;
  /** Every table of the schema, quoted. */
  tables: string[];
  /** The rows the migrations leave, per table, as JSON; and the columns an insert may write. */
  rows: Array<{ table: string; columns: string[]; json: string }>;
  sequences: Array<{ name: string; value: string; called: boolean }>;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schema the migrations build, on the embedded database. */
const SCHEMA = 'public';

/**
 * One line per object of the schema that a test could change: relations and their columns,
 * defaults, constraints, indexes, triggers (with whether they are enabled), functions, views and
 * types; and what the whole instance holds (an embedded database is the test's alone): schemas,
 * extensions, roles, databases and per-role settings. Names and definitions only, never OIDs, so
 * two databases loaded from the same template fingerprint the same.
 */
const FINGERPRINT = (() => {
  const inSchema = `n.nspname = '${SCHEMA}'`;
  const lines = [
    `SELECT concat_ws(' ', 'rel', c.relname, c.relkind, c.relrowsecurity) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${inSchema}`,
    `SELECT concat_ws(' ', 'col', c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attisdropped, a.attgenerated, a.attidentity, pg_get_expr(d.adbin, d.adrelid))
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE ${inSchema} AND a.attnum > 0`,
    `SELECT concat_ws(' ', 'con', c.relname, con.conname, pg_get_constraintdef(con.oid)) FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace LEFT JOIN pg_class c ON c.oid = con.conrelid WHERE ${inSchema}`,
    `SELECT concat_ws(' ', 'idx', pg_get_indexdef(i.indexrelid)) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${inSchema}`,
    `SELECT concat_ws(' ', 'trg', t.tgname, t.tgenabled, pg_get_triggerdef(t.oid)) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${inSchema} AND NOT t.tgisinternal`,
    `SELECT concat_ws(' ', 'fn', p.proname, pg_get_function_identity_arguments(p.oid), md5(coalesce(p.prosrc, ''))) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${inSchema}`,
    `SELECT concat_ws(' ', 'view', c.relname, md5(pg_get_viewdef(c.oid))) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${inSchema} AND c.relkind IN ('v', 'm')`,
    `SELECT concat_ws(' ', 'type', t.typname, (SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid)) FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${inSchema}`,
    `SELECT concat_ws(' ', 'pol', c.relname, p.polname) FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${inSchema}`,
    `SELECT concat_ws(' ', 'ns', nspname) FROM pg_namespace WHERE nspname NOT LIKE 'pg_temp%' AND nspname NOT LIKE 'pg_toast_temp%'`,
    `SELECT concat_ws(' ', 'ext', extname, extversion) FROM pg_extension`,
    `SELECT concat_ws(' ', 'role', rolname, rolsuper, rolcanlogin) FROM pg_roles`,
    `SELECT concat_ws(' ', 'db', datname) FROM pg_database`,
    `SELECT concat_ws(' ', 'set', setdatabase, setrole, setconfig) FROM pg_db_role_setting`,
    // A function made in another schema still changes how many the instance holds.
    `SELECT concat_ws(' ', 'fns', count(*)) FROM pg_proc`,
  ];
  return `SELECT md5(string_agg(x, E'\\n' ORDER BY x)) AS f FROM (${lines.join(' UNION ALL ')}) AS lines(x)`;
})();

async function fingerprint(sql: Sql): Promise<string> {
  const { rows } = await sql.query<{ f: string }>(FINGERPRINT);
  return rows[0]?.f ?? '';
}

const at = (table: string) => `${ident(SCHEMA)}.${table}`;

/** Reads a database just loaded from the template: what a reset puts back. */
export async function takeSnapshot(sql: Sql): Promise<Snapshot> {
  const tables = await sql.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
    [SCHEMA],
  );
  const rows: Snapshot['rows'] = [];
  for (const { relname } of tables.rows) {
    const table = ident(relname);
    const { rows: data } = await sql.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${at(table)} t`,
    );
    const json = data[0]?.json;
    if (!json) continue;
    const { rows: columns } = await sql.query<{ attname: string }>(
      `SELECT a.attname FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attnum > 0
       AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum`,
      [at(table)],
    );
    rows.push({ table, columns: columns.map((c) => ident(c.attname)), json });
  }
  const { rows: sequences } = await sql.query<{ name: string; value: string; called: boolean }>(
    `SELECT quote_ident(sequencename) AS name, coalesce(last_value, start_value)::text AS value,
            last_value IS NOT NULL AS called
     FROM pg_sequences WHERE schemaname = $1`,
    [SCHEMA],
  );
  return {
    fingerprint: await fingerprint(sql),
    tables: tables.rows.map((t) => ident(t.relname)),
    rows,
    sequences,
  };
}

/**
 * Puts a used database back to the snapshot. False (and its data left as it was) when its
 * structure no longer matches or anything fails: the caller throws the database away.
 */
export async function resetToSnapshot(sql: Sql, snapshot: Snapshot): Promise<boolean> {
  try {
    // The embedded database is one session that outlives its clients: a transaction a test left
    // open is rolled back, and settings, prepared statements, temporary tables, advisory locks
    // and LISTENs are dropped, as a new connection would have none.
    await sql.query('ROLLBACK');
    await sql.query('DISCARD ALL');
    if ((await fingerprint(sql)) !== snapshot.fingerprint) return false;
    await sql.query('BEGIN');
    try {
      // Triggers are off for the reset itself: audit_log refuses TRUNCATE, and the rows put back
      // are the migrations' own, exactly as they were, not new writes. TRUNCATE gives new, empty
      // heaps, so rows come back in the order a new database would give them.
      await sql.query('SET LOCAL session_replication_role = replica');
      await sql.query(`TRUNCATE ${snapshot.tables.map(at).join(', ')} RESTART IDENTITY CASCADE`);
      for (const { table, columns, json } of snapshot.rows) {
        const list = columns.join(', ');
        await sql.query(
          `INSERT INTO ${at(table)} (${list}) OVERRIDING SYSTEM VALUE
           SELECT ${list} FROM json_populate_recordset(NULL::${at(table)}, $1::json)`,
          [json],
        );
      }
      for (const s of snapshot.sequences) {
        await sql.query('SELECT setval($1::regclass, $2::bigint, $3)', [at(s.name), s.value, s.called]);
      }
      await sql.query('COMMIT');
    } catch (err) {
      await sql.query('ROLLBACK');
      throw err;
    }
    return true;
  } catch {
    return false;
  }
}
