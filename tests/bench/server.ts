import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { encodeEnvelope } from '../../src/shared/envelope';
import { DEMO_PASSWORD } from '../../src/server/db/demo-data';

/** Starting the product and signing in for the benchmarks (shared by the benchmark scripts). */
const root = resolve(import.meta.dirname, '../..');

export interface Started {
  child: ChildProcess;
  url: string;
}

export function start(script: string, env: Record<string, string>): Promise<Started> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
      if (match) resolvePromise({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Peak resident set size of a process (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

export async function signIn(url: string, email = 'employee@northwind.example'): Promise<Record<string, string>> {
  const first = await fetch(`${url}/blogs/api/get-user`);
  const csrf = /ep_csrf=([^;]+)/.exec(first.headers.getSetCookie().join(';'))![1];
  const response = await fetch(`${url}/blogs/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `ep_csrf=${csrf}` },
    body: JSON.stringify({ request_data: encodeEnvelope({ email, password: DEMO_PASSWORD }) }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { cookie: [...cookies, `ep_csrf=${csrf}`].join('; '), 'x-csrf-token': csrf, 'content-type': 'application/json' };
}
