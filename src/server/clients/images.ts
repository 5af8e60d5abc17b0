import { createHash } from 'node:crypto';
import { imageDimensions, parseDataUrl } from '../../shared/validation/images';
import { API_PREFIX } from '../http/security';

/** The image types SPEC §5 accepts, by what their bytes say (never by the file name). */
export type ImageType = 'png' | 'jpeg' | 'gif' | 'bmp' | 'svg';

export const CONTENT_TYPES: Readonly<Record<ImageType, string>> = {
  png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', svg: 'image/svg+xml',
};

/** An image ready to store: its real type, bytes as base64 and the SHA-256 the audit log records. */
export interface StoredImage { readonly contentType: string; readonly fileName: string; readonly base64: string; readonly sha256: string }

/** The type the file's magic bytes announce (PNG, JPEG, GIF87a/89a, BMP "BM", SVG markup), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (starts(0x42, 0x4d) && bytes.length > 26) return 'bmp';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.slice(0, 4096)).replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/**
 * What makes an SVG unsafe to serve to other users (OWASP "SVG security"; SVG 2 §15 scripting):
 * scripts, foreignObject (HTML inside SVG), event-handler attributes, javascript: URLs, external
 * references (href or url() to anything but a #fragment) and DTDs (entity expansion). Refused, not
 * rewritten: a logo needs none of these, and a sanitiser that misses one case is worse than a clear no.
 */
export function svgProblem(text: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'a DOCTYPE or entity declaration';
  if (/<\s*(\w+:)?script[\s>/]/i.test(text)) return 'a script';
  if (/<\s*(\w+:)?foreignObject[\s>/]/i.test(text)) return 'a foreignObject element';
  if (/<\s*(\w+:)?(iframe|embed|object|handler|listener)[\s>/]/i.test(text)) return 'an embedded document';
  if (/[\s"'/]on[a-z]+\s*=/i.test(text)) return 'an event handler attribute';
  if (/javascript\s*:|&#/i.test(text)) return 'a script URL or encoded character reference';
  if (/(?:href|src)\s*=\s*[^"'\s]/i.test(text)) return 'an external reference';
  for (const match of text.matchAll(/(?:href|src)\s*=\s*(["'])(.*?)\1/gi)) {
    if (!match[2].trim().startsWith('#')) return 'an external reference';
  }
  for (const match of text.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gi)) {
    if (!match[2].trim().startsWith('#')) return 'an external reference';
  }
  if (/@import/i.test(text)) return 'an external reference';
  if (/<\s*(set|animate)\b[^>]*attributeName\s*=\s*["'](xlink:)?href/i.test(text)) return 'an animated reference';
  return null;
}

/**
 * Checks an uploaded data URL on the server (SPEC §5: jpg, jpeg, png, bmp, gif, svg; the form's rule
 * already checked size and maximum dimensions with the same messages as the browser) and returns what
 * to store, or the message to send back.
 */
export function acceptImage(value: string, label: string): StoredImage | string {
  const file = parseDataUrl(value);
  if (!file) return `The ${label} must be an image file.`;
  const type = sniffImageType(file.bytes);
  if (!type || !imageDimensions(file.bytes)) return `The ${label} must be an image of type: jpg, jpeg, png, bmp, gif, svg.`;
  if (type === 'svg') {
    const problem = svgProblem(new TextDecoder().decode(file.bytes));
    if (problem) return `The ${label} is refused: the SVG contains ${problem}.`;
  }
  const base64 = Buffer.from(file.bytes).toString('base64');
  const safeName = (file.name ?? `${label}.${type}`).replace(/[^\w.\- ]/g, '_').slice(0, 100);
  return { contentType: CONTENT_TYPES[type], fileName: safeName, base64, sha256: createHash('sha256').update(file.bytes).digest('hex') };
}

/** The stored image as the data URL the edit form shows (and sends back unchanged when kept). */
export function toDataUrl(image: { content_type: string; file_name: string; data_base64: string }): string {
  return `data:${image.content_type};name=${encodeURIComponent(image.file_name)};base64,${image.data_base64}`;
}

/** Where the browser loads a client's image; the hash in the query string changes with the image, so caches never show an old one. */
export const clientImageUrl = (clientId: number, kind: 'logo' | 'banner', image: StoredImage) => `${API_PREFIX}/client-images/${clientId}/${kind}?v=${image.sha256.slice(0, 16)}`;
