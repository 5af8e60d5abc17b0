import { createHash } from 'node:crypto';
import { imageDimensions, parseDataUrl } from '../../../shared/validation/images';
import { sniffImageType } from '../../domain/clients/images';
import { stripJpegMetadata, stripPngMetadata } from './strip-metadata';

/** Workstation photos of a request: at most five, JPEG or PNG, at most 5 MB each (checked on the bytes received). */
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export interface AcceptedPhoto {
  readonly contentType: 'image/jpeg' | 'image/png';
  readonly bytes: Uint8Array;
  readonly sha256: string;
}

/**
 * Checks one photo data URL by its real bytes (never the name or the claimed type, like client logos
 * in clients/images.ts) and returns it with its metadata removed, or the message to send back.
 */
export function acceptPhoto(value: string, position: number): AcceptedPhoto | string {
  const label = `Photo ${position}`;
  let file: ReturnType<typeof parseDataUrl>;
  try {
    file = parseDataUrl(value);
  } catch {
    file = null;
  }
  if (!file) return `${label} must be an image file.`;
  if (file.bytes.length > MAX_PHOTO_BYTES) return `${label} is larger than 5 MB.`;
  const type = sniffImageType(file.bytes);
  if (type !== 'jpeg' && type !== 'png') return `${label} must be a JPEG or PNG image.`;
  const stripped = type === 'jpeg' ? stripJpegMetadata(file.bytes) : stripPngMetadata(file.bytes);
  if (!stripped || !imageDimensions(stripped)) return `${label} is not a readable ${type === 'jpeg' ? 'JPEG' : 'PNG'} image.`;
  return {
    contentType: type === 'jpeg' ? 'image/jpeg' : 'image/png',
    bytes: stripped,
    sha256: createHash('sha256').update(stripped).digest('hex'),
  };
}
