/**
 * The statements behind each gallery row, with their plans: runs the real gallery code in this
 * process over the bench schema, records every statement it sends, then replays each one under
 * EXPLAIN (ANALYZE, BUFFERS) (a transaction's settings replayed with it, then rolled back).
 */
import type { GalleryQuery } from '@kitwright/contracts';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '../../apps/server/src/db/schema';
import { createProfiles } from '../../apps/server/src/modules/auth/profiles';
import { createGallery } from '../../apps/server/src/modules/listings/gallery';

interface Recorded {
  sql: string;
  parameters: readonly unknown[];
}

/** Statements in the order sent; a transaction's statements grouped, its BEGIN and COMMIT left out. */
function groups(recorded: Recorded[]): Recorded[][] {
  const out: Recorded[][] = [];
  let open: Recorded[] | null = null;
  for (const r of recorded) {
    const head = r.sql.trim().toLowerCase();
    if (head === 'begin' || head.startsWith('start transaction')) open = [];
    else if (head === 'commit' || head === 'rollback') {
      if (open) out.push(open);
      open = null;
    } else if (open) open.push(r);
    else out.push([r]);
  }
  return out;
}

export async function explainShapes(
  url: string,
  schema: string,
  shapes: Array<[string, GalleryQuery]>,
): Promise<string> {
  const recorded: Recorded[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema},public` });
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      const q: CompiledQuery = event.query;
      recorded.push({ sql: q.sql, parameters: q.parameters });
    },
  });
  const gallery = createGallery({ db, profiles: createProfiles(db), cacheMs: 0 });
  const client = await pool.connect();
  const lines: string[] = [];
  try {
    // The first search loads the read plan's statistics; every shape below then plans with them.
    await gallery.search({ q: 'warm' });
    for (const [name, query] of shapes) {
      recorded.length = 0;
      const started = performance.now();
      const page = await gallery.search(query);
      const took = performance.now() - started;
      lines.push(
        `-- ${name}: ${new URLSearchParams(query as Record<string, string>).toString()} → ${page.items.length} cards${page.corrected_query ? ` (corrected to "${page.corrected_query}")` : ''}, ${took.toFixed(1)} ms in process`,
      );
      for (const group of groups([...recorded])) {
        await client.query('BEGIN');
        try {
          for (const statement of group) {
            if (/^select set_config/i.test(statement.sql.trim())) {
              await client.query(statement.sql, statement.parameters as unknown[]);
              continue;
            }
            const plan = await client.query(
              `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.sql}`,
              statement.parameters as unknown[],
            );
            const oneLine = statement.sql.replace(/\s+/g, ' ').trim();
            lines.push(`   ${oneLine.length > 160 ? `${oneLine.slice(0, 157)}...` : oneLine}`);
            for (const row of plan.rows) lines.push(`      ${row['QUERY PLAN']}`);
          }
        } finally {
          await client.query('ROLLBACK');
        }
      }
    }
  } finally {
    client.release();
    await db.destroy();
  }
  return lines.join('\n');
}
