import { X509Certificate } from 'node:crypto';

/**
 * The IdP signing certificate as entered: exactly one PEM certificate that node:crypto can parse,
 * with an RSA or EC public key, and not expired (an expired certificate would make every sign-in fail
 * silently later). Returns the normalised PEM, or the reason it is refused.
 */
export function checkCertificate(text: string, now: Date): { ok: true; pem: string } | { ok: false; problem: string } {
  const blocks = text.replace(/\r\n?/g, '\n').match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length !== 1)
    return {
      ok: false,
      problem: 'The IdP signing certificate must be one PEM certificate (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----).',
    };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(blocks[0]);
  } catch {
    return { ok: false, problem: 'The IdP signing certificate could not be read as an X.509 certificate.' };
  }
  const type = certificate.publicKey.asymmetricKeyType;
  if (type !== 'rsa' && type !== 'ec') return { ok: false, problem: 'The IdP signing certificate must hold an RSA or EC key.' };
  if (new Date(certificate.validTo).getTime() < now.getTime()) return { ok: false, problem: 'The IdP signing certificate has expired.' };
  return { ok: true, pem: certificate.toString().trim() };
}
