import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite belongs to one process (docs/architecture.md "Dependencies and their traps"): a second one opening the same folder would corrupt it.
 * The server records its process id in the data folder while it runs, so that `npm run backup` asks
 * the running server for the dump and `npm run restore` refuses to write under it.
 */
export const OWNER_FILE = 'server.pid';
/** Where `npm run backup` leaves the path a running server should write its dump to. */
export const BACKUP_REQUEST_FILE = 'backup-request';
/** Files of the data folder that describe a process, not the database: never restored. */
export const PROCESS_FILES = [OWNER_FILE, BACKUP_REQUEST_FILE];

/**
 * A process id alone can name another program after a restart (in a container the server is often
 * process 1 or 7 every time): on Linux the file also keeps the boot id and the process's start time
 * (/proc/<pid>/stat field 22), and a process matches only when both are the same.
 */
function identity(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()} ${started}`;
  } catch {
    return '';
  }
}

export function claimDataDir(dataDir: string): void {
  writeFileSync(join(dataDir, OWNER_FILE), `${process.pid}\n${identity(process.pid)}\n`);
}

export function releaseDataDir(dataDir: string): void {
  const file = join(dataDir, OWNER_FILE);
  if (existsSync(file) && readFileSync(file, 'utf8').split('\n')[0].trim() === String(process.pid)) rmSync(file);
}

/** The id of the live server process that holds `dataDir`, or null (none, or one that died). */
export function dataDirOwner(dataDir: string): number | null {
  const file = join(dataDir, OWNER_FILE);
  if (!existsSync(file)) return null;
  const [first, recorded = ''] = readFileSync(file, 'utf8').split('\n');
  const pid = Number(first.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return recorded.trim() === identity(pid) ? pid : null;
  } catch (error) {
    // EPERM: alive but someone else's; ESRCH: gone (a killed server leaves its file behind).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
