import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeEnvelope } from '../../src/shared/envelope';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-shutdown-'));
let child: ChildProcess | undefined;
afterAll(() => {
  // Only when the test failed half-way: never leave a server behind.
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves with the first match of `pattern` in what the stream prints from now on. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolvePromise, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        child.stdout!.off('data', onData);
        resolvePromise(match);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before printing ${pattern}: ${seen}`)));
  });
}

/** A GET on a connection of its own (no keep-alive left open to hold the shutdown up). */
function getCookies(url: string): Promise<string[]> {
  return new Promise((resolvePromise, reject) => {
    request(`${url}/blogs/api/get-user`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolvePromise(response.headers['set-cookie'] ?? []));
    })
      .on('error', reject)
      .end();
  });
}

/** True once a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolvePromise(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolvePromise(error.code === 'ECONNREFUSED'));
  });
}

function readUntil(socket: Socket, pattern: RegExp): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (pattern.test(text)) {
        socket.off('data', onData);
        resolvePromise(text);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

describe('graceful shutdown of the server process', () => {
  it('on SIGTERM refuses new connections, finishes the request in flight with 200, closes its kept-alive connection and exits 0', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SESSION_SECRET: 's'.repeat(48),
        WEB_DIR: join(dataDir, 'no-web'),
        // The demo accounts alone: two years of history would only lengthen the start, not the shutdown under test.
        DEMO_HISTORY: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const server = child;
    const exited = new Promise<number | null>((r) => server.once('exit', r));
    const url = (await waitForOutput(server, /running at (http:\/\/127\.0\.0\.1:(\d+))/))[1];
    const port = Number(new URL(url).port);
    const csrf = /ep_csrf=([^;]+)/.exec((await getCookies(url)).join(';'))![1];

    // A sign-in whose body arrives slowly: the server has taken the request (it answered
    // "100 Continue") but cannot finish it until the rest of the body comes.
    const body = JSON.stringify({ request_data: encodeEnvelope({ email: ACCOUNTS.employee, password: PASSWORD }) });
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      [
        'POST /blogs/api/login HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Cookie: ep_csrf=${csrf}`,
        `X-CSRF-Token: ${csrf}`,
        // No "Connection: close": like a browser, the client would keep the connection open.
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n'),
    );
    await readUntil(socket, /^HTTP\/1\.1 100 Continue\r\n\r\n/);
    socket.write(body.slice(0, 20));

    const stopping = waitForOutput(server, /SIGTERM received/);
    server.kill('SIGTERM');
    await stopping;
    // The listener closes while the request is still open.
    const deadline = Date.now() + 10_000;
    while (!(await refused(port))) {
      if (Date.now() > deadline) throw new Error('the port still accepts connections 10 s after SIGTERM');
    }
    expect(server.exitCode).toBeNull();

    // The server ends the connection once it has answered, so the answer is all that arrives.
    const answer = new Promise<string>((resolvePromise) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.once('close', () => resolvePromise(text));
    });
    socket.write(body.slice(20));
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(response).toContain('"success":true');
    expect(await exited).toBe(0);
  }, 120_000);
});
