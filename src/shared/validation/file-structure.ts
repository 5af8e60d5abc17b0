/**
 * Polyglot files (OWASP File Upload Cheat Sheet; "GIFAR", PNG/HTML and JPEG/PDF polyglots): a file
 * whose first bytes say "image" or "PDF" but which carries a second document that a browser, a PDF
 * reader or a script loader could act on. Each format's own structure says where the file ends; bytes
 * after that end, markup or another format's header inside, and (in a PDF) active content are refused.
 * Nothing is repaired: an honest image or document has none of these.
 */
export type StructuredType = 'png' | 'jpeg' | 'gif' | 'bmp' | 'pdf';

/** Markup or another document format hidden in the bytes (read as Latin-1, byte for byte). */
const EMBEDDED = /<\s*(script|html|body|iframe|svg|object|embed)[\s>/]|<!doctype|<\?php|javascript:/i;
const PDF_HEADER = /%PDF-/;
/** PDF features that run code or open other files when the document is opened (ISO 32000-1 §12.6). */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia|XFA)\b/;

function pngEnd(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 12 <= bytes.length) {
    const next = at + 12 + view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    if (next > bytes.length) return null;
    if (type === 'IEND') return next;
    at = next;
  }
  return null;
}

/** Skips GIF data sub-blocks (a size byte, then that many bytes, until a zero size). */
function skipSubBlocks(bytes: Uint8Array, at: number): number {
  let i = at;
  while (i < bytes.length && bytes[i] !== 0) i += bytes[i] + 1;
  return i + 1;
}

/** GIF89a block by block (GIF89a specification §§17-27): extensions, images, then the trailer. */
function gifEnd(bytes: Uint8Array): number | null {
  if (bytes.length < 14) return null;
  let at = 13 + (bytes[10] & 0x80 ? 3 * 2 ** ((bytes[10] & 7) + 1) : 0);
  while (at < bytes.length) {
    if (bytes[at] === 0x3b) return at + 1;
    if (bytes[at] === 0x21) at = skipSubBlocks(bytes, at + 2);
    else if (bytes[at] === 0x2c && at + 10 < bytes.length) {
      const local = bytes[at + 9] & 0x80 ? 3 * 2 ** ((bytes[at + 9] & 7) + 1) : 0;
      at = skipSubBlocks(bytes, at + 10 + local + 1);
    } else return null;
  }
  return null;
}

/** Where the format says the file ends, or null when the structure is broken. */
function declaredEnd(bytes: Uint8Array, type: StructuredType, text: string): number | null {
  const n = bytes.length;
  if (type === 'png') return pngEnd(bytes);
  if (type === 'jpeg') return n >= 4 && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9 ? n : null;
  // "GIF89a/*": a width chosen so the file also parses as JavaScript (the GIF/JS polyglot).
  if (type === 'gif') return bytes[6] === 0x2f && bytes[7] === 0x2a ? null : gifEnd(bytes);
  if (type === 'bmp') return n >= 6 ? new DataView(bytes.buffer, bytes.byteOffset, n).getUint32(2, true) : null;
  const eof = text.lastIndexOf('%%EOF');
  return eof >= 0 && text.slice(eof + 5).trim() === '' ? n : null;
}

/** What is wrong with the file ("has data after its end", ...), or null when it is one honest file. */
export function hiddenContentProblem(bytes: Uint8Array, type: StructuredType): string | null {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const end = declaredEnd(bytes, type, text);
  if (end === null) return 'is cut short or not a well-formed file';
  if (end !== bytes.length) return 'has data after its end (a second file hidden in it)';
  if (EMBEDDED.test(text)) return 'contains web page or script markup';
  if (type !== 'pdf' && PDF_HEADER.test(text)) return 'contains a PDF document';
  if (type === 'pdf' && PDF_ACTIVE.test(text)) return 'contains scripts, launch actions or embedded files';
  return null;
}
