import { IMAGE_EXTENSIONS, imageDimensions, parseDataUrl } from './images';
import { attachmentProblem, EXTENSION_MESSAGE } from './attachments';
import { emailAddress, isEmailAddress } from './email-address';
import type { RuleCheck } from './check-form-with';

export type { RuleCheck } from './check-form-with';
export { emailAddress } from './email-address';

const DOMAIN = /^(?=.{1,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/i;
export { ATTACHMENT_EXTENSIONS } from './attachments';

function extensionOf(value: string): string {
  const name = value.startsWith('data:') ? (parseDataUrl(value)?.name ?? '') : value;
  return (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();
}

/** "a@x.com, b@y.org": every comma-separated address must be valid. */
export function emailsList(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  const bad = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => !isEmailAddress(e));
  return bad.length ? `These e-mail addresses are not valid: ${bad.map((b) => b || '(empty)').join(', ')}` : '';
}

/** One or more comma-separated domain names such as "example.com". */
export function domainName(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  const bad = value
    .split(',')
    .map((d) => d.trim())
    .filter((d) => !DOMAIN.test(d));
  return bad.length ? `Please enter a valid domain name: ${bad.join(', ')}` : '';
}

/** A video page on YouTube, Vimeo or Wistia (SPEC §5 "Valid video-hosting-service video URL"). */
export function videoUrl(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  const ok = [
    /^https:\/\/(www\.)?youtube\.com\/watch\?v=[\w-]{11}(&\S*)?$/,
    /^https:\/\/youtu\.be\/[\w-]{11}(\?\S*)?$/,
    /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\/[\w-]{11}(\?\S*)?$/,
    /^https:\/\/(www\.|player\.)?vimeo\.com\/(video\/)?\d+(\?\S*)?$/,
    /^https:\/\/[\w-]+\.wistia\.com\/medias\/\w+$/,
  ].some((re) => re.test(value.trim()));
  return ok ? '' : 'Please enter a valid YouTube, Vimeo or Wistia video URL.';
}

/**
 * SPEC §5 e-mail attachment extension rule, with its exact message. A data URL (what the file widget
 * sends) is also checked by content and size, in the browser and again on the server.
 */
export function attachmentExtension(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  if (!value.startsWith('data:')) return attachmentProblem(value, new Uint8Array()) === EXTENSION_MESSAGE ? EXTENSION_MESSAGE : '';
  const file = parseDataUrl(value);
  if (!file) return EXTENSION_MESSAGE;
  return attachmentProblem(file.name ?? '', file.bytes);
}

/** A field required only when another field holds a given value (e.g. recipients for "users"). */
export function requiredWhen(value: unknown, options: Readonly<Record<string, unknown>>, data: Readonly<Record<string, unknown>>): string {
  if (data[String(options.other)] !== options.equals) return '';
  const empty = value === undefined || value === null || (typeof value === 'string' && !value.trim());
  return empty ? String(options.message ?? 'This field is required') : '';
}

/** SPEC §5 Import file: only CSV allowed. */
export function csvFile(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  return extensionOf(value) === 'csv' ? '' : 'Only CSV files are allowed.';
}

/** SPEC §5 image rule: type and real content checked, then 'The {field} must be upto W X H pixels'. */
export function imageMaxDimensions(value: unknown, options: Readonly<Record<string, unknown>>): string {
  if (typeof value !== 'string' || !value) return '';
  const label = String(options.label ?? 'image');
  const file = parseDataUrl(value);
  if (
    !file ||
    !(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(value) || file.mime.split('/')[1]?.replace('svg+xml', 'svg'))
  ) {
    return `The ${label} must be an image of type: ${IMAGE_EXTENSIONS.join(', ')}.`;
  }
  const maxKilobytes = Number(options.maxKilobytes ?? 0);
  if (maxKilobytes && file.bytes.length > maxKilobytes * 1024) return `The ${label} may not be greater than ${maxKilobytes} kilobytes.`;
  const size = imageDimensions(file.bytes);
  if (!size) return `The ${label} is not a readable image.`;
  const { maxWidth, maxHeight } = options as { maxWidth: number; maxHeight: number };
  return size.width > maxWidth || size.height > maxHeight ? `The ${label} must be upto ${maxWidth} X ${maxHeight} pixels` : '';
}

/** Password confirmation and the like: equal to another field. */
export function matches(value: unknown, options: Readonly<Record<string, unknown>>, data: Readonly<Record<string, unknown>>): string {
  return value === data[String(options.other)] ? '' : String(options.message ?? 'The values do not match.');
}

export const RULES: Readonly<Record<string, RuleCheck>> = {
  'emails-list': emailsList,
  'email-address': emailAddress,
  'domain-name': domainName,
  'video-url': videoUrl,
  'attachment-extension': attachmentExtension,
  'csv-file': csvFile,
  'image-dimensions': imageMaxDimensions,
  matches,
  'required-when': requiredWhen,
};
