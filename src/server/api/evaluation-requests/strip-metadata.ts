/**
 * Removes what a photo says about where, when and with what it was taken before it is stored
 * (OWASP ASVS V12.2 file content; privacy: a photo of a home workstation must not carry its GPS
 * position). The pixels are kept byte for byte; only metadata containers go.
 *
 * JPEG (ITU-T T.81 Annex B): APP1–APP15 segments (Exif and its GPS IFD, XMP, Photoshop IRB, maker
 * notes, Adobe) and COM comments are dropped, except APP2 "ICC_PROFILE" (colour, not identity);
 * APP0/JFIF is kept; anything after EOI (camera trailers) is dropped.
 * PNG (ISO/IEC 15948 and PNG 3rd edition): eXIf, tEXt, zTXt, iTXt and tIME chunks are dropped;
 * anything after IEND is dropped. Returns null when the structure is not a well-formed file.
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const out: Uint8Array[] = [bytes.subarray(0, 2)];
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    // Fill bytes (0xFF runs) may precede a marker.
    while (bytes[i + 1] === 0xff) i += 1;
    const marker = bytes[i + 1];
    if (marker === undefined) return null;
    if (marker === 0xd9) {
      out.push(bytes.subarray(i, i + 2));
      return concat(out);
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(bytes.subarray(i, i + 2));
      i += 2;
      continue;
    }
    if (i + 4 > bytes.length) return null;
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    const end = i + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    const isApp = marker >= 0xe1 && marker <= 0xef;
    const isIcc = marker === 0xe2 && ascii(bytes, i + 4, 12) === 'ICC_PROFILE\0';
    if (!(isApp && !isIcc) && marker !== 0xfe) out.push(bytes.subarray(i, end));
    i = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0x00 or a restart marker.
      let j = i;
      while (j + 1 < bytes.length && !(bytes[j] === 0xff && bytes[j + 1] !== 0x00 && !(bytes[j + 1] >= 0xd0 && bytes[j + 1] <= 0xd7)))
        j += 1;
      if (j + 1 >= bytes.length) return null;
      out.push(bytes.subarray(i, j));
      i = j;
    }
  }
  return null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

export function stripPngMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 8 || !PNG_SIGNATURE.every((b, k) => bytes[k] === b)) return null;
  const out: Uint8Array[] = [bytes.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= bytes.length) {
    const length = ((bytes[i] << 24) >>> 0) + (bytes[i + 1] << 16) + (bytes[i + 2] << 8) + bytes[i + 3];
    const type = ascii(bytes, i + 4, 4);
    const end = i + 12 + length;
    if (end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    if (!PNG_DROPPED.has(type)) out.push(bytes.subarray(i, end));
    i = end;
    if (type === 'IEND') return concat(out);
  }
  return null;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const result = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}
