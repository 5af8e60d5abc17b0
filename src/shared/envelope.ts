/**
 * The wire envelope of SPEC §7: random text (10 characters), a fixed marker, random text
 * (10 characters), then base64 of the JSON. It is obfuscation, not security (docs/architecture.md
 * "Envelope"): TLS and the server-side checks are the security.
 *
 * @example
 *   const wire = encodeEnvelope({ region: 'EMEA' });
 *   decodeEnvelope(wire); // { region: 'EMEA' }
 */
export const ENVELOPE_MARKER = '.EP1.';
const RANDOM_LENGTH = 10;
const RANDOM_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

// Random bytes drawn 4 KiB at a time: the generator call, not the bytes, is what costs (the server
// encodes a reply envelope on every call).
const pool = new Uint8Array(4096);
let poolIndex = pool.length;

function randomText(length: number): string {
  if (poolIndex + length > pool.length) {
    globalThis.crypto.getRandomValues(pool);
    poolIndex = 0;
  }
  const bytes = pool.subarray(poolIndex, (poolIndex += length));
  let text = '';
  for (const byte of bytes) text += RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length];
  return text;
}

// Node's Buffer encodes natively; browsers take the portable path below.
const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'utf8'): { toString(encoding: 'base64'): string } } }).Buffer;
const CHUNK = 0x8000;

function toBase64(text: string): string {
  if (NodeBuffer) return NodeBuffer.from(text, 'utf8').toString('base64');
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // Chunks of bytes at a time rather than one string append per byte (large payloads).
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

function fromBase64(encoded: string): string {
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) throw new EnvelopeError('Malformed envelope');
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** Wraps any JSON value in the SPEC §7 envelope. */
export function encodeEnvelope(value: unknown): string {
  return encodeEnvelopeJson(JSON.stringify(value));
}

/** Wraps JSON text already serialised (a reply reused across calls) in the SPEC §7 envelope. */
export function encodeEnvelopeJson(json: string): string {
  return randomText(RANDOM_LENGTH) + ENVELOPE_MARKER + randomText(RANDOM_LENGTH) + toBase64(json);
}

/** Unwraps an envelope; throws EnvelopeError (never anything else) for any malformed input. */
export function decodeEnvelope<T = unknown>(wire: unknown): T {
  if (typeof wire !== 'string') throw new EnvelopeError('Envelope must be a string');
  if (wire.slice(RANDOM_LENGTH, RANDOM_LENGTH + ENVELOPE_MARKER.length) !== ENVELOPE_MARKER) {
    throw new EnvelopeError('Malformed envelope');
  }
  const payload = wire.slice(RANDOM_LENGTH * 2 + ENVELOPE_MARKER.length);
  try {
    return JSON.parse(fromBase64(payload)) as T;
  } catch (error) {
    if (error instanceof EnvelopeError) throw error;
    throw new EnvelopeError('Malformed envelope');
  }
}

/**
 * SPEC §7 "Encoded response data fields are decoded the same way": a reply's `data`, or `data.data`
 * for get-user, unwrapped from the envelope (text that is no envelope stays as it is). Missing data
 * is null, as a call declaring `response: { type: null }` answers.
 */
export function decodeReplyData(data: unknown): unknown {
  if (data === undefined) return null;
  if (typeof data === 'string') {
    try {
      return decodeEnvelope(data);
    } catch {
      return data;
    }
  }
  if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string') {
    return { ...(data as object), data: decodeReplyData((data as { data: string }).data) };
  }
  return data;
}
