/**
 * Compares the hand-written Kysely schema (db/schema.ts) with the tables the migrations build.
 * The TypeScript side is read with the compiler's type checker, not with patterns over the text,
 * so aliases (Timestamp, Json, JobStatus), Generated<> and ColumnType<> resolve exactly as Kysely
 * sees them. The database side comes from information_schema of the current schema.
 */
import { type Kysely, sql } from 'kysely';
import ts from 'typescript';

/** What a column's selected TypeScript type is, as far as matching it to a SQL type goes. */
export type TsCategory =
  | 'string'
  /** Only string literals ('a' | 'b'): text restricted by a CHECK in the database. */
  | 'literal union'
  | 'number'
  | 'bigint'
  | 'boolean'
  | 'Date'
  /** Objects, records and arrays of non-primitives: only a JSON column can hold them. */
  | 'object'
  | 'unknown'
  | 'string[]'
  | 'number[]'
  | 'boolean[]'
  | 'Date[]';

export interface TsColumn {
  /** The selected type as the checker prints it, for messages. */
  type: string;
  /** Categories of the selected type without null; several for a union such as number | string. */
  categories: TsCategory[];
  /** The selected type has an explicit `| null` (unknown alone says nothing either way). */
  nullable: boolean;
  /** Kysely lets an insert leave it out: Generated<>, a nullable column, or an insert type of never. */
  optionalOnInsert: boolean;
}

/** Table name → column name → column, in declaration order. */
export type TsSchema = Record<string, Record<string, TsColumn>>;

export interface DbColumn {
  /** information_schema data_type, or udt_name for arrays and extension types ('_text', 'citext'). */
  sqlType: string;
  nullable: boolean;
  /** A DEFAULT, an identity or a generated column: an insert may leave it out. */
  hasDefault: boolean;
}

export interface DbSchema {
  tables: Record<string, Record<string, DbColumn>>;
  /** Views are compared like tables when DB declares them, but need not be declared. */
  views: Record<string, Record<string, DbColumn>>;
}

export type MismatchKind =
  | 'missing table'
  | 'undeclared table'
  | 'missing column'
  | 'undeclared column'
  | 'nullability'
  | 'type'
  | 'unmapped type'
  | 'default'
  | 'optional without default';

export interface Mismatch {
  kind: MismatchKind;
  table: string;
  column?: string;
  message: string;
}

/**
 * Which TypeScript categories may stand for each SQL type. Each entry follows what the pg driver
 * (the same parsers for PostgreSQL and PGlite, see db/connection.ts) hands back, because the
 * selected type is what code relies on; the drift test checks those parsers too.
 */
export const SQL_TO_TS: Record<string, readonly TsCategory[]> = {
  text: ['string', 'literal union'],
  'character varying': ['string', 'literal union'],
  character: ['string', 'literal union'],
  citext: ['string', 'literal union'],
  uuid: ['string'],
  smallint: ['number'],
  integer: ['number'],
  // connection.ts parses int8 with Number (our counts and sequence numbers stay below 2^53).
  bigint: ['number'],
  real: ['number'],
  'double precision': ['number'],
  // pg returns numeric as a string to keep its precision; nothing in connection.ts changes that.
  numeric: ['string'],
  boolean: ['boolean'],
  'timestamp with time zone': ['Date'],
  'timestamp without time zone': ['Date'],
  // pg parses date into a Date (local midnight) on read, even though the code writes 'YYYY-MM-DD'.
  date: ['Date'],
  jsonb: ['object', 'unknown'],
  json: ['object', 'unknown'],
  // The driver returns a tsvector's text form; code only ever writes it through SQL functions.
  tsvector: ['string', 'unknown'],
  _text: ['string[]'],
  _varchar: ['string[]'],
  _citext: ['string[]'],
  _uuid: ['string[]'],
  _int2: ['number[]'],
  _int4: ['number[]'],
  // Only the scalar int8 parser is overridden; arrays of int8 still come back as strings.
  _int8: ['string[]'],
  _bool: ['boolean[]'],
  _timestamptz: ['Date[]'],
  _jsonb: ['object', 'unknown'],
};

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  // Without strict null checks `| null` and `| undefined` vanish from every type.
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

const OPTIONAL_ON_INSERT =
  ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Unknown | ts.TypeFlags.Any | ts.TypeFlags.Never;

/** Reads the tables of `interface <interfaceName>` in a Kysely schema file. */
export function readTsSchema(schemaFile: string, interfaceName = 'DB'): TsSchema {
  const program = ts.createProgram([schemaFile], COMPILER_OPTIONS);
  const source = program.getSourceFile(schemaFile);
  if (!source) throw new Error(`TypeScript could not read ${schemaFile}`);
  const problems = ts.getPreEmitDiagnostics(program, source);
  if (problems.length > 0) {
    // A type that did not resolve (kysely not found, a typo) would read as `any` and match anything.
    throw new Error(
      `${schemaFile} does not type-check:\n${ts.formatDiagnostics(problems, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => process.cwd(),
        getNewLine: () => '\n',
      })}`,
    );
  }
  const declaration = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === interfaceName,
  );
  if (!declaration) throw new Error(`${schemaFile} has no interface ${interfaceName}`);
  const checker = program.getTypeChecker();
  const schema: TsSchema = {};
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(declaration.name))) {
    const columns: Record<string, TsColumn> = {};
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      columns[column.name] = describeColumn(checker, checker.getTypeOfSymbol(column));
    }
    schema[table.name] = columns;
  }
  return schema;
}

function flatten(type: ts.Type): ts.Type[] {
  return type.isUnion() ? type.types.flatMap(flatten) : [type];
}

/** Splits a column type into what a select returns and what an insert accepts, like Kysely does. */
function describeColumn(checker: ts.TypeChecker, type: ts.Type): TsColumn {
  const selected: ts.Type[] = [];
  const inserted: ts.Type[] = [];
  for (const member of flatten(type)) {
    // ColumnType<S, I, U> (and Generated<S>, which is one) is an object with these phantom keys.
    const select = member.getProperty('__select__');
    const insert = member.getProperty('__insert__');
    if (select && insert) {
      selected.push(...flatten(checker.getTypeOfSymbol(select)));
      inserted.push(...flatten(checker.getTypeOfSymbol(insert)));
    } else {
      selected.push(member);
      inserted.push(member);
    }
  }
  const is = (t: ts.Type, flags: ts.TypeFlags) => (t.flags & flags) !== 0;
  const values = selected.filter((t) => !is(t, ts.TypeFlags.Null | ts.TypeFlags.Undefined));
  let categories = [...new Set(values.map((t) => categorise(checker, t)))];
  // 'a' | string is just string.
  if (categories.includes('string')) categories = categories.filter((c) => c !== 'literal union');
  return {
    type: selected.map((t) => checker.typeToString(t)).join(' | '),
    categories: categories.sort(),
    nullable: selected.some((t) => is(t, ts.TypeFlags.Null)),
    // Kysely's rules: optional when the insert type admits undefined or null (unknown and any do),
    // and left out altogether when it is never (GeneratedAlways<>).
    optionalOnInsert: inserted.some((t) => is(t, OPTIONAL_ON_INSERT)),
  };
}

function categorise(checker: ts.TypeChecker, type: ts.Type): TsCategory {
  const f = type.flags;
  if (f & ts.TypeFlags.StringLiteral) return 'literal union';
  if (f & ts.TypeFlags.StringLike) return 'string';
  if (f & ts.TypeFlags.NumberLike) return 'number';
  if (f & ts.TypeFlags.BigIntLike) return 'bigint';
  if (f & ts.TypeFlags.BooleanLike) return 'boolean';
  if (f & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return 'unknown';
  if (type.getSymbol()?.name === 'Date') return 'Date';
  if (checker.isArrayType(type)) {
    const element = checker.getTypeArguments(type as ts.TypeReference)[0];
    const members = element ? flatten(element).map((t) => categorise(checker, t)) : [];
    const only = new Set(members.map((c) => (c === 'literal union' ? 'string' : c)));
    if (only.size === 1) {
      const [c] = only;
      if (c === 'string' || c === 'number' || c === 'boolean' || c === 'Date') return `${c}[]`;
    }
  }
  return 'object';
}

/** Reads tables and views of the connection's current schema, leaving out the named tables. */
// biome-ignore lint/suspicious/noExplicitAny: reads the catalogue, whatever the table types are
export async function readDbSchema(db: Kysely<any>, exclude: readonly string[]): Promise<DbSchema> {
  const { rows } = await sql<{
    table_name: string;
    table_type: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
    is_identity: 'YES' | 'NO';
    is_generated: 'ALWAYS' | 'NEVER';
  }>`
    SELECT t.table_name, t.table_type, c.column_name, c.data_type, c.udt_name, c.is_nullable,
           c.column_default, c.is_identity, c.is_generated
    FROM information_schema.tables t
    JOIN information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name
    WHERE t.table_schema = current_schema()
    ORDER BY t.table_name, c.ordinal_position`.execute(db);
  const schema: DbSchema = { tables: {}, views: {} };
  for (const r of rows) {
    if (exclude.includes(r.table_name)) continue;
    const group = r.table_type === 'VIEW' ? schema.views : schema.tables;
    group[r.table_name] ??= {};
    group[r.table_name]![r.column_name] = {
      sqlType: r.data_type === 'ARRAY' || r.data_type === 'USER-DEFINED' ? r.udt_name : r.data_type,
      nullable: r.is_nullable === 'YES',
      hasDefault: r.column_default !== null || r.is_identity === 'YES' || r.is_generated === 'ALWAYS',
    };
  }
  return schema;
}

function describeDb(c: DbColumn): string {
  return `${c.sqlType}${c.nullable ? '' : ' NOT NULL'}${c.hasDefault ? ' with a default' : ''}`;
}

function describeTs(c: TsColumn): string {
  return `${c.type}${c.optionalOnInsert ? ' (optional on insert)' : ''}`;
}

/** Every disagreement between the two schemas, in a stable order. */
export function compareSchemas(tsSchema: TsSchema, db: DbSchema): Mismatch[] {
  const out: Mismatch[] = [];
  const add = (kind: MismatchKind, table: string, column: string | undefined, message: string) =>
    out.push({ kind, table, ...(column ? { column } : {}), message });

  for (const table of Object.keys(db.tables)) {
    if (!(table in tsSchema)) {
      add(
        'undeclared table',
        table,
        undefined,
        'TS says nothing (not in interface DB), database has this table: declare it in DB',
      );
    }
  }
  for (const [table, tsColumns] of Object.entries(tsSchema)) {
    const isView = !(table in db.tables) && table in db.views;
    const dbColumns = db.tables[table] ?? db.views[table];
    if (!dbColumns) {
      add('missing table', table, undefined, 'TS says it is a table, database has no such table or view');
      continue;
    }
    for (const [column, dbc] of Object.entries(dbColumns)) {
      if (!(column in tsColumns)) {
        add('undeclared column', table, column, `TS says nothing, database has ${describeDb(dbc)}`);
      }
    }
    for (const [column, tsc] of Object.entries(tsColumns)) {
      const dbc = dbColumns[column];
      if (!dbc) {
        add('missing column', table, column, `TS says ${describeTs(tsc)}, database has no such column`);
        continue;
      }
      const allowed = SQL_TO_TS[dbc.sqlType];
      if (!allowed) {
        add(
          'unmapped type',
          table,
          column,
          `TS says ${tsc.type}, database says ${dbc.sqlType}, which the drift test cannot map yet: add it to SQL_TO_TS`,
        );
      } else if (tsc.categories.length === 0 || tsc.categories.some((c) => !allowed.includes(c))) {
        add(
          'type',
          table,
          column,
          `TS says ${tsc.type} (${tsc.categories.join(' | ') || 'no value type'}), database says ${dbc.sqlType} (read as ${allowed.join(' or ')})`,
        );
      }
      // A view's columns are always reported nullable and never have defaults.
      if (isView) continue;
      if (tsc.nullable !== dbc.nullable) {
        add(
          'nullability',
          table,
          column,
          `TS says ${tsc.nullable ? 'nullable' : 'not nullable'} (${tsc.type}), database says ${dbc.nullable ? 'nullable' : 'NOT NULL'}`,
        );
      }
      if (dbc.hasDefault && !tsc.optionalOnInsert) {
        add(
          'default',
          table,
          column,
          `TS says ${tsc.type}, required on insert; database has a default: make it Generated<> (or a ColumnType whose insert type admits undefined)`,
        );
      }
      // The reverse: Kysely would accept an insert without this column and the database would refuse it.
      if (!dbc.hasDefault && !dbc.nullable && tsc.optionalOnInsert) {
        add(
          'optional without default',
          table,
          column,
          `TS says ${describeTs(tsc)}, database says ${describeDb(dbc)} and no default, so an insert that leaves it out fails`,
        );
      }
    }
  }
  return out;
}

export function formatMismatches(mismatches: readonly Mismatch[]): string {
  if (mismatches.length === 0) return 'db/schema.ts agrees with the migrated database';
  const lines = mismatches.map(
    (m) => `  - ${m.column ? `${m.table}.${m.column}` : m.table} [${m.kind}]: ${m.message}`,
  );
  return `db/schema.ts and the migrations disagree (${mismatches.length}):\n${lines.join('\n')}`;
}
