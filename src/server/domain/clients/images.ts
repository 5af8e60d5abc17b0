import { createHash } from 'node:crypto';
import { imageDimensions, parseDataUrl } from '../../../shared/validation/images';
import { hiddenContentProblem } from '../../../shared/validation/file-structure';
import { svgProblem } from '../../../shared/validation/svg-safety';
import { API_PREFIX } from '../../http/security';

/** The image types SPEC §5 accepts, by what their bytes say (never by the file name). */
export type ImageType = 'png' | 'jpeg' | 'gif' | 'bmp' | 'svg';

export const CONTENT_TYPES: Readonly<Record<ImageType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

/** An image ready to store: its real type, bytes as base64 and the SHA-256 the audit log records. */
export interface StoredImage {
  readonly contentType: string;
  readonly fileName: string;
  readonly base64: string;
  readonly sha256: string;
}

/** The type the file's magic bytes announce (PNG, JPEG, GIF87a/89a, BMP "BM", SVG markup), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (starts(0x42, 0x4d) && bytes.length > 26) return 'bmp';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.slice(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

export { svgProblem } from '../../../shared/validation/svg-safety';

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
  } else {
    const hidden = hiddenContentProblem(file.bytes, type);
    if (hidden) return `The ${label} is refused: the file ${hidden}.`;
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
export const clientImageUrl = (clientId: number, kind: 'logo' | 'banner', image: StoredImage) =>
  `${API_PREFIX}/client-images/${clientId}/${kind}?v=${image.sha256.slice(0, 16)}`;
