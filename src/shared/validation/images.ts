/**
 * Image sizes read from the file's own header bytes (SPEC §5 "Image maximum dimensions"): PNG, JPEG,
 * GIF and BMP by their headers, SVG by its viewBox (width and height attributes as a fallback).
 */
export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

export const IMAGE_EXTENSIONS = ['jpg', 'svg', 'jpeg', 'png', 'bmp', 'gif'] as const;

function pngSize(b: Uint8Array): Dimensions | null {
  if (b.length < 24 || b[0] !== 0x89 || b[1] !== 0x50 || b[2] !== 0x4e || b[3] !== 0x47) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

function gifSize(b: Uint8Array): Dimensions | null {
  if (b.length < 10 || String.fromCharCode(b[0], b[1], b[2]) !== 'GIF') return null;
  return { width: b[6] | (b[7] << 8), height: b[8] | (b[9] << 8) };
}

function bmpSize(b: Uint8Array): Dimensions | null {
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: Math.abs(v.getInt32(18, true)), height: Math.abs(v.getInt32(22, true)) };
}

function jpegSize(b: Uint8Array): Dimensions | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    const length = (b[i + 2] << 8) | b[i + 3];
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    }
    i += 2 + length;
  }
  return null;
}

function svgSize(text: string): Dimensions | null {
  const svg = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!svg) return null;
  const viewBox = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(svg);
  if (viewBox) return { width: Number(viewBox[1]), height: Number(viewBox[2]) };
  const width = /\swidth\s*=\s*["']([\d.]+)(px)?["']/i.exec(svg);
  const height = /\sheight\s*=\s*["']([\d.]+)(px)?["']/i.exec(svg);
  return width && height ? { width: Number(width[1]), height: Number(height[1]) } : null;
}

/** The pixel size of an image file's bytes, or null when it is not one of the accepted types. */
export function imageDimensions(bytes: Uint8Array): Dimensions | null {
  const head = new TextDecoder().decode(bytes.slice(0, 2048)).trimStart();
  if (head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--')) return svgSize(new TextDecoder().decode(bytes));
  return pngSize(bytes) ?? jpegSize(bytes) ?? gifSize(bytes) ?? bmpSize(bytes);
}

/**
 * Decodes a data URL ("data:image/png;name=logo.png;base64,....") into its bytes and file name, or
 * null when any part is broken (a %zz in the name, base64 that is not base64): a bad upload is the
 * sender's mistake, answered with the field's message, never an exception.
 */
export function parseDataUrl(value: string): { bytes: Uint8Array; name: string | null; mime: string } | null {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(value);
  if (!match) return null;
  const params = match[2].split(';').filter(Boolean);
  const name = params.find((p) => p.startsWith('name='))?.slice(5) ?? null;
  const base64 = params.includes('base64');
  try {
    if (base64 && !/^[A-Za-z0-9+/]*={0,2}$/.test(match[3])) return null;
    const text = base64 ? atob(match[3]) : decodeURIComponent(match[3]);
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    return { bytes, name: name ? decodeURIComponent(name) : null, mime: match[1] };
  } catch {
    return null;
  }
}
