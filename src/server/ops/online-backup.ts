import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dumpPglite } from './pglite-archive';
import { BACKUP_REQUEST_FILE } from './pglite-owner';

/** The signal `npm run backup` sends to the server that holds a PGlite data folder. */
export const BACKUP_SIGNAL = 'SIGUSR2';

/**
 * Lets `npm run backup` take a consistent dump of the embedded database while the server runs: it
 * leaves the target path in the data folder and sends SIGUSR2; this process, the only one allowed to
 * open the folder, writes the dump (or `<path>.error` with the reason).
 */
export function serveOnlineBackups(db: Kysely<Database>, dataDir: string): () => void {
  let busy: Promise<void> = Promise.resolve();
  const onSignal = () => {
    busy = busy.then(async () => {
      const request = join(dataDir, BACKUP_REQUEST_FILE);
      if (!existsSync(request)) return;
      const target = readFileSync(request, 'utf8').trim();
      rmSync(request, { force: true });
      try {
        await dumpPglite(db, target);
      } catch (error) {
        writeFileSync(`${target}.error`, (error as Error).message || 'The backup failed.');
      }
    });
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => {
    process.off(BACKUP_SIGNAL, onSignal);
  };
}
