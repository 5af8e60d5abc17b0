import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_LRS, isInternalAddress, lrsAddressProblem, putJson } from '../../../src/server/domain/training-lms/lrs-network';

/**
 * The LRS connection's guard (docs/product.md "Training: learning systems"): statements are never
 * sent into the server's own network unless an on-premises store is allowed. A real HTTP server on
 * loopback stands for a service inside that network; it must receive nothing.
 */
let inside: Server;
let port: number;
let received = 0;
beforeAll(async () => {
  inside = createServer((request, response) => {
    received += 1;
    request.resume();
    response.writeHead(204).end();
  });
  await new Promise<void>((done) => inside.listen(0, '127.0.0.1', done));
  port = (inside.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((done) => inside.close(done));
});

const send = (url: string, allowPrivate: boolean) =>
  putJson(new URL(url), { 'content-type': 'application/json' }, '{}', { timeoutMs: 5_000, allowPrivate });

describe('LRS addresses', () => {
  it('knows loopback, private, link-local, shared and unique-local addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd12::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isInternalAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111']) expect(isInternalAddress(ip), ip).toBe(false);
  });

  it('refuses to save an internal address by number or by a name resolving to one; accepts a public one', async () => {
    expect(await lrsAddressProblem(new URL('https://10.0.0.8/xapi/'), false)).toBe(INTERNAL_LRS);
    expect(await lrsAddressProblem(new URL('https://localhost/xapi/'), false)).toBe(INTERNAL_LRS);
    expect(await lrsAddressProblem(new URL('http://lrs.example.com/'), false)).toMatch(/https/);
    expect(await lrsAddressProblem(new URL('https://93.184.215.14/xapi/'), false)).toBeNull();
    // An on-premises store is allowed only when the server is told so.
    expect(await lrsAddressProblem(new URL('http://127.0.0.1:8080/xapi/'), true)).toBeNull();
  });

  it('sends nothing to a service in the server’s network, by number or by name, unless allowed', async () => {
    await expect(send(`http://127.0.0.1:${port}/statements`, false)).rejects.toThrow(INTERNAL_LRS);
    await expect(send(`http://localhost:${port}/statements`, false)).rejects.toThrow(INTERNAL_LRS);
    expect(received).toBe(0);
    expect(await send(`http://127.0.0.1:${port}/statements`, true)).toEqual({ status: 204 });
    expect(received).toBe(1);
  });
});
