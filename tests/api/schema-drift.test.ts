import { resolve } from 'node:path';
import { sql } from 'kysely';
import { Project, type Type } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionWorkflow, evaluationWorkflow } from '../../generated/workflows';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { TRAINING_STATES } from '../../src/shared/training/types';

/**
 * The database follows the manifest and the code's picture of it (docs/architecture.md "Migrations"):
 * the Kysely table types of src/server/db/schema.ts name exactly the tables and columns the migrations
 * make, with a nullable type exactly where the column allows NULL; and the workflow's states in
 * manifest/workflows/evaluation.yaml are exactly what the evaluations table's CHECK accepts.
 */
const root = resolve(import.meta.dirname, '../..');

/**
 * Tables the server reads and writes through raw SQL only: the migration runner's own record and the
 * * monthly summary tables of migration 022 and the account counts of migration 032, kept in the
 * writing transaction. A new table is typed.
 */
const RAW_SQL_TABLES = ['dashboard_month_facts', 'dashboard_month_people', 'schema_migrations', 'user_counts'];

interface ColumnFact {
  readonly nullable: boolean;
  /** The type names null itself (not only through `unknown`): a reader must then handle a NULL. */
  readonly saysNull?: boolean;
}

function typedTables(): Map<string, Map<string, ColumnFact>> {
  const project = new Project({ tsConfigFilePath: resolve(root, 'tsconfig.json'), skipAddingFilesFromTsConfig: true });
  const probe = project.createSourceFile(
    resolve(root, 'src/server/db/__schema-probe.ts'),
    "import type { Selectable } from 'kysely';\nimport type { Database } from './schema';\n" +
      'export type Rows = { [T in keyof Database]: Selectable<Database[T]> };\n',
  );
  project.addSourceFileAtPath(resolve(root, 'src/server/db/schema.ts'));
  project.resolveSourceFileDependencies();
  const rows = probe.getTypeAliasOrThrow('Rows').getType();
  const tables = new Map<string, Map<string, ColumnFact>>();
  for (const table of rows.getProperties()) {
    const tableType: Type = table.getTypeAtLocation(probe);
    const columns = new Map<string, ColumnFact>();
    for (const column of tableType.getProperties()) {
      const columnType = column.getTypeAtLocation(probe);
      // `unknown` holds null too (a JSON column of any shape).
      const nullable =
        columnType.isUnknown() || columnType.isAny() || columnType.isNull() || columnType.getUnionTypes().some((t) => t.isNull());
      const saysNull = columnType.isNull() || columnType.getUnionTypes().some((t) => t.isNull());
      columns.set(column.getName(), { nullable, saysNull });
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

describe('the database and its types', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  async function databaseColumns(): Promise<Map<string, Map<string, ColumnFact>>> {
    const result = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
      SELECT table_name, column_name, is_nullable FROM information_schema.columns
      WHERE table_schema = current_schema()
        AND table_name IN (SELECT table_name FROM information_schema.tables
                           WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')
      ORDER BY table_name, ordinal_position`.execute(server.ctx.db);
    const tables = new Map<string, Map<string, ColumnFact>>();
    for (const row of result.rows) {
      const columns = tables.get(row.table_name) ?? new Map<string, ColumnFact>();
      columns.set(row.column_name, { nullable: row.is_nullable === 'YES' });
      tables.set(row.table_name, columns);
    }
    return tables;
  }

  it('types every column of every table the server queries, nullable exactly where the database allows NULL', async () => {
    const typed = typedTables();
    const actual = await databaseColumns();
    const problems: string[] = [];
    for (const [table, columns] of typed) {
      const real = actual.get(table);
      if (!real) {
        problems.push(`${table}: typed in schema.ts but no such table`);
        continue;
      }
      for (const [column, fact] of columns) {
        const realColumn = real.get(column);
        if (!realColumn) problems.push(`${table}.${column}: typed but no such column`);
        else if (realColumn.nullable && !fact.nullable) problems.push(`${table}.${column}: NULL allowed but its type has no null`);
        else if (!realColumn.nullable && fact.saysNull) problems.push(`${table}.${column}: NOT NULL but its type allows null`);
      }
      for (const column of real.keys()) if (!columns.has(column)) problems.push(`${table}.${column}: in the database but not typed`);
    }
    const untyped = [...actual.keys()].filter((table) => !typed.has(table)).sort();
    expect(untyped).toEqual(RAW_SQL_TABLES);
    expect(typed.size).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });

  it("accepts exactly the evaluation workflow's states in evaluations.status", async () => {
    const result = await sql<{ definition: string }>`
      SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname = 'evaluations' AND c.contype = 'c'
        AND pg_get_constraintdef(c.oid) LIKE '%status%'`.execute(server.ctx.db);
    expect(result.rows).toHaveLength(1);
    const accepted = [...result.rows[0]!.definition.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]);
    expect([...accepted].sort()).toEqual(evaluationWorkflow.states.map((s) => s.key).sort());
  });

  it("accepts exactly the action workflow's states in corrective_actions.state", async () => {
    const result = await sql<{ definition: string }>`
      SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname = 'corrective_actions' AND c.conname = 'corrective_actions_state'`.execute(
      server.ctx.db,
    );
    expect(result.rows).toHaveLength(1);
    const accepted = [...result.rows[0]!.definition.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]);
    expect([...accepted].sort()).toEqual(actionWorkflow.states.map((s) => s.key).sort());
  });
  it('accepts exactly TRAINING_STATES in training_enrolments.state', async () => {
    const result = await sql<{ definition: string }>`
      SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname = 'training_enrolments' AND c.conname = 'training_enrolments_state'`.execute(
      server.ctx.db,
    );
    expect(result.rows).toHaveLength(1);
    const accepted = [...result.rows[0]!.definition.matchAll(/'([a-z_]+)'::text/g)].map((m) => m[1]);
    expect([...accepted].sort()).toEqual([...TRAINING_STATES].sort());
  });
});
