import { hiddenContentProblem, type StructuredType } from './file-structure';
import { svgProblem } from './svg-safety';

/**
 * E-mail attachments (SPEC §5: doc, pdf, png, jpg or svg): the name's extension must be allowed AND
 * the bytes must be that kind of file, so a renamed executable or HTML page is refused (OWASP File
 * Upload Cheat Sheet: "validate the file type, don't trust the Content-Type header").
 */
export const ATTACHMENT_EXTENSIONS = ['doc', 'pdf', 'png', 'jpg', 'svg'] as const;
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const EXTENSION_MESSAGE = 'Please upload the file with a valid extension: doc, pdf, png, jpg, svg.';
export const CONTENT_MESSAGE = 'The attachment is not a real doc, pdf, png, jpg or svg file.';
export const SIZE_MESSAGE = 'The attachment may not be greater than 2 MB.';

export const ATTACHMENT_MIME: Readonly<Record<(typeof ATTACHMENT_EXTENSIONS)[number], string>> = {
  doc: 'application/msword',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

function isSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // An XML prolog, comments or a doctype may come first; the root element must be <svg.
  const rest = text.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

/** The file signature each extension must carry (magic numbers). */
const CONTENT_CHECKS: Readonly<Record<(typeof ATTACHMENT_EXTENSIONS)[number], (b: Uint8Array) => boolean>> = {
  pdf: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46]), // %PDF
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  doc: (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), // OLE2 compound file (Word 97-2003)
  svg: isSvg,
};

const STRUCTURE: Partial<Record<(typeof ATTACHMENT_EXTENSIONS)[number], StructuredType>> = { pdf: 'pdf', png: 'png', jpg: 'jpeg' };

/** '' when the named file is an allowed attachment; otherwise the message to show. */
export function attachmentProblem(name: string, bytes: Uint8Array): string {
  const extension = (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase() as (typeof ATTACHMENT_EXTENSIONS)[number];
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) return EXTENSION_MESSAGE;
  if (bytes.length > ATTACHMENT_MAX_BYTES) return SIZE_MESSAGE;
  if (!CONTENT_CHECKS[extension](bytes)) return CONTENT_MESSAGE;
  // Mail clients may open an SVG in a browser: no scripts, event handlers or outside references.
  const unsafe = extension === 'svg' ? svgProblem(new TextDecoder().decode(bytes)) : null;
  if (unsafe) return `The attachment is refused: the SVG contains ${unsafe}.`;
  const structure = STRUCTURE[extension];
  const hidden = structure && bytes.length > 0 ? hiddenContentProblem(bytes, structure) : null;
  return hidden ? `The attachment is refused: the file ${hidden}.` : '';
}
