import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore) from PATH. When they are missing the
 * Debian package postgresql-client is installed with apt-get (as tests/run-all.sh installs chromium);
 * pg_dump must be at least the server's major version.
 */
export function requirePostgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const find = () => {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  let path = find();
  if (path) return path;
  console.log(`${name} is missing: installing Debian's postgresql-client...`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  try {
    execFileSync('sh', ['-c', `${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq postgresql-client >/dev/null`], {
      stdio: 'inherit',
    });
  } catch {
    /* reported below */
  }
  path = find();
  if (!path) throw new Error(`${name} is not installed; install PostgreSQL's client programs (Debian: apt-get install postgresql-client).`);
  return path;
}

/** Runs a PostgreSQL client program, returning its error output as the message when it fails. */
export async function runPostgresTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await promisify(execFile)(requirePostgresTool(name), args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new Error(`${name} failed: ${stderr || (error as Error).message}`);
  }
}
