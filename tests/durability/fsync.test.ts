import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect';

/**
 * Every fsync(2) this process asks for, with the file it flushed. PGlite's WebAssembly PostgreSQL
 * reaches the disk only through node:fs, so counting node:fs's fsync calls counts its flushes.
 */
const flushed: string[] = [];
const realFsync = fs.fsyncSync;
fs.fsyncSync = (fd: number) => {
  let path = `fd ${fd}`;
  try {
    path = fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    /* not Linux: the fd number will do */
  }
  flushed.push(path);
  return realFsync(fd);
};

const dataDir = fs.mkdtempSync(join(tmpdir(), 'ergoportal-fsync-'));
afterAll(() => {
  fs.fsyncSync = realFsync;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const isWal = (path: string) => path.startsWith(join(dataDir, 'pg_wal') + '/');

/** Runs `commits` single-row commits; returns how many were acknowledged with no WAL flush before. */
async function commitAll(db: Kysely<never>, commits: number, from: number): Promise<number> {
  let unflushed = 0;
  for (let i = 0; i < commits; i++) {
    const before = flushed.length;
    await sql`INSERT INTO answers (id, body) VALUES (${from + i}, ${`answer ${from + i}`})`.execute(db);
    // The insert has been acknowledged: its WAL must already have been flushed.
    if (!flushed.slice(before).some(isWal)) unflushed++;
  }
  return unflushed;
}

describe('the embedded database flushes a commit to disk before acknowledging it', () => {
  it("fsyncs the WAL for every one of 30 commits, and PGlite's own defaults (the contrast) do not", async () => {
    const db = (await openDatabase({ dataDir })) as unknown as Kysely<never>;
    const settings = Object.fromEntries(
      await Promise.all(
        ['fsync', 'synchronous_commit', 'wal_sync_method'].map(async (name) => [
          name,
          (await sql.raw<Record<string, string>>(`SHOW ${name}`).execute(db)).rows[0][name],
        ]),
      ),
    );
    expect(settings).toEqual({ fsync: 'on', synchronous_commit: 'on', wal_sync_method: 'fsync' });
    await sql`CREATE TABLE answers (id int PRIMARY KEY, body text NOT NULL)`.execute(db);

    const start = flushed.length;
    expect(await commitAll(db, 30, 0)).toBe(0);
    const walFlushes = flushed.slice(start).filter(isWal).length;
    console.log(
      `commits acknowledged: 30, acknowledged before their WAL was flushed: 0, fsync calls: ${flushed.length - start} (${walFlushes} on pg_wal)`,
    );
    expect(walFlushes).toBeGreaterThanOrEqual(30);

    // A transaction of several statements is flushed once, at COMMIT, not before.
    const beforeTransaction = flushed.length;
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO answers (id, body) VALUES (100, 'first of two')`.execute(trx);
      await sql`INSERT INTO answers (id, body) VALUES (101, 'second of two')`.execute(trx);
      expect(flushed.slice(beforeTransaction).filter(isWal)).toEqual([]);
    });
    expect(flushed.slice(beforeTransaction).filter(isWal).length).toBeGreaterThanOrEqual(1);
    await db.destroy();

    // The same folder opened with PGlite's defaults (-F, NODEFS without fsync): commits are
    // acknowledged with nothing flushed, which is what the settings above exist to prevent.
    const { PGlite } = await import('@electric-sql/pglite');
    const plain = await PGlite.create(dataDir);
    const plainStart = flushed.length;
    for (let i = 0; i < 5; i++) await plain.query('INSERT INTO answers (id, body) VALUES ($1, $2)', [200 + i, 'unflushed']);
    expect(flushed.slice(plainStart)).toEqual([]);
    await plain.close();

    // Everything acknowledged is there after reopening.
    const reopened = (await openDatabase({ dataDir })) as unknown as Kysely<never>;
    const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM answers`.execute(reopened);
    expect(Number(rows[0].count)).toBe(37);
    await reopened.destroy();
  });
});
