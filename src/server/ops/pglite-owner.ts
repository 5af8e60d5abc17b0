import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite belongs to one process (STACK.md): a second one opening the same folder would corrupt it.
 * The server records its process id in the data folder while it runs, so that `npm run backup` asks
 * the running server for the dump and `npm run restore` refuses to write under it.
 */
export const OWNER_FILE = 'server.pid';
/** Where `npm run backup` leaves the path a running server should write its dump to. */
export const BACKUP_REQUEST_FILE = 'backup-request';
/** Files of the data folder that describe a process, not the database: never restored. */
export const PROCESS_FILES = [OWNER_FILE, BACKUP_REQUEST_FILE];

export function claimDataDir(dataDir: string): void {
  writeFileSync(join(dataDir, OWNER_FILE), String(process.pid));
}

export function releaseDataDir(dataDir: string): void {
  const file = join(dataDir, OWNER_FILE);
  if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
}

/** The id of the live server process that holds `dataDir`, or null (none, or one that died). */
export function dataDirOwner(dataDir: string): number | null {
  const file = join(dataDir, OWNER_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but someone else's; ESRCH: gone (a killed server leaves its file behind).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
