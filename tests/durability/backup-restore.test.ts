import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { openDatabase } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/schema';
import { signedInAgent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { freshDatabase, startServerProcess } from './support/server-process';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'ergoportal-backup-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(work, { recursive: true, force: true })];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Runs `npm run <script> -- <file>` with the given database settings; resolves with its exit code and output. */
async function npmRun(script: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '-s', script, '--', file], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Every row of every table, in a stable order (by the row's text form: json columns have no ordering). */
async function snapshot(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const tables = (
    await sql<{
      name: string;
    }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(
      db,
    )
  ).rows;
  const result = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`SELECT t.* FROM ${sql.table(name)} t ORDER BY t::text`.execute(db)).rows;
    result.set(
      name,
      rows.map((row) => JSON.stringify(row)),
    );
  }
  return result;
}

const targets = [
  {
    name: 'PGlite',
    databases: async () => {
      const source = join(work, 'source');
      const restored = join(work, 'restored');
      return {
        source: { DATA_DIR: source, DATABASE_URL: '' },
        restored: { DATA_DIR: restored, DATABASE_URL: '' },
        file: join(work, 'pglite-backup.tar.gz'),
      };
    },
  },
  {
    name: 'PostgreSQL',
    databases: async () => {
      const source = await freshDatabase('ergoportal_backup');
      const restored = await freshDatabase('ergoportal_restored');
      cleanups.push(source.drop, restored.drop);
      return {
        source: { DATA_DIR: join(work, 'pg-source'), DATABASE_URL: source.url },
        restored: { DATA_DIR: join(work, 'pg-restored'), DATABASE_URL: restored.url },
        file: join(work, 'postgres-backup.dump'),
      };
    },
  },
];

describe.each(targets)('npm run backup and npm run restore on $name', ({ name, databases }) => {
  it('backs up while the server runs, restores into a fresh database and matches it table by table, row by row', async () => {
    const { source, restored, file } = await databases();
    const server = await startServerProcess({ ...source, SESSION_SECRET: 'b'.repeat(48), WEB_DIR: join(work, 'no-web') });
    cleanups.push(() => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    // Writes beyond the demo seed: a session, an audited group, queued mail and a submitted assessment.
    const admin = await signedInAgent(server.url, ACCOUNTS.admin, PASSWORD);
    const lookups = (await admin.get('/admin/notification-lookups')).data as { clients: { id: number; company_name: string }[] };
    const clientId = lookups.clients.find((c) => c.company_name.startsWith('Northwind'))!.id;
    expect((await admin.post('/admin/user-groups', { name: 'Backup check', client_id: clientId, members: ACCOUNTS.manager })).status).toBe(
      200,
    );
    expect(
      (
        await admin.post('/admin/notifications', {
          audience: 'users',
          recipients: ACCOUNTS.employee,
          subject: 'Before the backup',
          content: 'Stand up every half hour.',
        })
      ).status,
    ).toBe(200);
    const employee = await signedInAgent(server.url, ACCOUNTS.employee, PASSWORD);
    const questionnaire = ((await employee.get('/self-assessment/questionnaire/office')).data as { questionnaire: Questionnaire })
      .questionnaire;
    const started = (await employee.post('/self-assessment/attempts', { area: 'office' })).data as { attempt: { id: string } };
    expect(
      (await employee.post(`/self-assessment/attempts/${started.attempt.id}/submit`, { answers: completeAnswers(questionnaire) })).status,
    ).toBe(200);

    const backup = await npmRun('backup', file, source);
    expect(backup.code, backup.output).toBe(0);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const restore = await npmRun('restore', file, restored);
    expect(restore.code, restore.output).toBe(0);
    // A second restore onto the same target is refused: a restore never overwrites a database.
    const again = await npmRun('restore', file, restored);
    expect(again.code).toBe(2);
    expect(again.output).toMatch(/already (holds a database|has tables)/);

    const before = await openDatabase({ url: source.DATABASE_URL || undefined, dataDir: source.DATA_DIR });
    const original = await snapshot(before);
    await before.destroy();
    const after = await openDatabase({ url: restored.DATABASE_URL || undefined, dataDir: restored.DATA_DIR });
    const copy = await snapshot(after);
    await after.destroy();

    expect([...copy.keys()]).toEqual([...original.keys()]);
    let rows = 0;
    for (const [table, originalRows] of original) {
      expect(copy.get(table), table).toEqual(originalRows);
      rows += originalRows.length;
    }
    expect(original.get('user_groups')!.some((row) => row.includes('Backup check'))).toBe(true);
    console.log(`${name}: tables compared: ${original.size}, rows: ${rows}`);
  });
});
