import { X509Certificate, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * A self-signed X.509 v3 certificate built with node:crypto alone (RFC 5280 §4.1, DER per X.690):
 * RSA-2048 key, sha256WithRSAEncryption, CN=<commonName>. Enough for a test IdP's signing key.
 */
function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const int = (bytes: Buffer) => tlv(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}
const utcTime = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));
const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn)))));
const SHA256_RSA = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));

export interface KeyPair {
  readonly privateKey: KeyObject;
  readonly privateKeyPem: string;
  readonly certificatePem: string;
}

export function selfSignedCertificate(commonName: string, validDays = 365): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Date.now();
  const tbs = seq(
    tlv(0xa0, int(Buffer.from([2]))),
    // A positive serial whose first byte is non-zero, so its DER encoding is minimal.
    int(Buffer.concat([Buffer.from([0x10 + (randomBytes(1)[0] & 0x3f)]), randomBytes(15)])),
    SHA256_RSA,
    name(commonName),
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + validDays * 86_400_000))),
    name(commonName),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = createSign('sha256').update(tbs).sign(privateKey);
  const der = seq(tbs, SHA256_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const certificatePem = new X509Certificate(der).toString();
  return { privateKey, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificatePem };
}
