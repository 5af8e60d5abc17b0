/**
 * The wire envelope of SPEC §7: random text (10 characters), a fixed marker, random text
 * (10 characters), then base64 of the JSON. It is obfuscation, not security (ARCHITECTURE.md
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

function randomText(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length];
  return text;
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
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
  return randomText(RANDOM_LENGTH) + ENVELOPE_MARKER + randomText(RANDOM_LENGTH) + toBase64(JSON.stringify(value));
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
