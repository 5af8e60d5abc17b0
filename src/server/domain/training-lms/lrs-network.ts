import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a client's Learning Record Store may be (docs/product.md "Training: learning systems"). The
 * server sends statements to an address an administrator typed, so without a check it would send
 * requests wherever that points, into the network the server runs in (server-side request forgery,
 * OWASP Top 10 2021 A10). Unless `LRS_ALLOW_PRIVATE` is set (an on-premises store, a test's loopback
 * LRS), an address that is or resolves to loopback, a private or shared network, link-local (where
 * clouds answer instance metadata), multicast or reserved space is refused: when it is saved, and
 * again on every connection, where the addresses a name resolves to are checked before connecting,
 * so a name that changes its answer after the save gains nothing.
 */
const INTERNAL = new BlockList();
const V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const V6: readonly (readonly [string, number])[] = [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];
for (const [net, prefix] of V4) INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) INTERNAL.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is in the server's own or a reserved network (IPv4-mapped IPv6 included). */
export const isInternalAddress = (ip: string): boolean => INTERNAL.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');

export const INTERNAL_LRS = 'The LRS address must be on the internet, not in the server’s own network.';

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why an LRS address may not be saved, or null. A name that does not resolve now is accepted (the
 * store may not be reachable yet); the connection is checked again when statements are sent.
 */
export async function lrsAddressProblem(url: URL, allowPrivate: boolean): Promise<string | null> {
  if (url.protocol === 'http:' && !allowPrivate) return 'The LRS address must use https.';
  if (allowPrivate) return null;
  const host = hostOf(url);
  if (isIP(host)) return isInternalAddress(host) ? INTERNAL_LRS : null;
  const addresses = await new Promise<LookupAddress[]>((done) =>
    dnsLookup(host, { all: true }, (error, found) => done(error ? [] : found)),
  );
  return addresses.some((a) => isInternalAddress(a.address)) ? INTERNAL_LRS : null;
}

class InternalAddressError extends Error {
  readonly code = 'ELRSINTERNAL';
  constructor() {
    super(INTERNAL_LRS);
  }
}

/** A DNS lookup for the connection that refuses any internal address among the answers. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    if (addresses.some((a) => isInternalAddress(a.address))) return callback(new InternalAddressError(), '', 0);
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

export interface LrsAnswer {
  readonly status: number;
}

/**
 * PUTs a JSON body to the LRS and answers its status (redirects are not followed: a 3xx is an
 * answer like any other). Fails with a TimeoutError after `timeoutMs`, and before connecting when the
 * address is internal and `allowPrivate` is false.
 */
export function putJson(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<LrsAnswer> {
  return new Promise((resolve, reject) => {
    const host = hostOf(url);
    if (!options.allowPrivate && isIP(host) && isInternalAddress(host)) return reject(new InternalAddressError());
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'PUT',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
    });
    const timer = setTimeout(() => {
      const timeout = new Error('The LRS did not answer in time');
      timeout.name = 'TimeoutError';
      request.destroy(timeout);
    }, options.timeoutMs);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0 });
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
