import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/** Server processes and a load balancer for the scale-out tests (README "Running several servers"). */
const root = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: string[];
}

/** Starts `src/server/main.ts` as its own process and resolves once it prints its address. */
export function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
      if (match) resolvePromise({ name, child, url: match[1], output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server ${name} exited with ${code}:\n${output.join('')}`)));
  });
}

export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

export interface RoundRobinProxy {
  readonly url: string;
  backends: ServerProcess[];
  close(): Promise<void>;
}

/**
 * A load balancer in a few lines: each request goes to the next server in turn, and the answer says
 * which one served it (`x-served-by`), so a test knows that two calls in a row met two servers.
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let turn = 0;
  const proxy: { backends: ServerProcess[] } = { backends: [] };
  const server: Server = createServer((incoming, outgoing) => {
    const backend = proxy.backends[turn++ % proxy.backends.length];
    const target = new URL(backend.url);
    const forwarded = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.name });
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(proxy, {
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
