import { randomBytes } from 'node:crypto';
import { CERTIFICATE_ALPHABET } from '../../../shared/training/rules';

/** A new verification code: 15 Crockford base32 characters from the system's CSPRNG (rules.ts CERTIFICATE_CODE). */
export function newCertificateCode(): string {
  const bytes = randomBytes(15);
  const chars = [...bytes].map((b) => CERTIFICATE_ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10)}`;
}
