/**
 * E-mail addresses as mail servers accept them: the local part is an RFC 5322 §3.2.3 dot-atom (atext
 * runs joined by single dots: no leading, trailing or doubled dot; quoted local parts are refused
 * as no real mailbox of ours needs them), at most 64 octets (RFC 5321 §4.5.3.1.1); the domain is
 * RFC 5321 §4.1.2 sub-domains of letters, digits and inner hyphens, each at most 63 octets, with at
 * least one dot and an alphabetic top-level label; the whole address at most 254 octets (RFC 5321
 * §4.5.3.1.3 path limit less the angle brackets). Shared by the browser forms and the server.
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL = new RegExp(`^${ATEXT}(\\.${ATEXT})*$`);
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** True when `value` is an address of the form above. */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return /^[A-Za-z]{2,63}$/.test(labels[labels.length - 1]);
}

/**
 * The `email-address` rule (SPEC §5): one address of the form above; empty is left to `required`.
 * Here rather than in rules.ts so a page checking only addresses (the contact form) carries no other
 * rule (docs/architecture.md "Page weight").
 */
export function emailAddress(value: unknown, options: Readonly<Record<string, unknown>>): string {
  if (typeof value !== 'string' || !value) return '';
  return isEmailAddress(value.trim()) ? '' : String(options.message ?? 'Please enter a valid e-mail address.');
}
