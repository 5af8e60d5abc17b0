import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

describe('the server process', () => {
  it('refuses a bad configuration at start with a clear message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: join(tmpdir(), 'unused') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(2);
    expect(stderr).toContain('Configuration error: PORT must be a whole number from 0 to 65535, not "eighty".');
  });

  it('refuses an unknown LOG_LEVEL at start, naming the variable and the levels it takes', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'loud', DATA_DIR: join(tmpdir(), 'unused') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(2);
    expect(stderr).toContain('Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".');
  });
});
