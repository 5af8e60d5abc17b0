import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing';
import { selfSignedCertificate, type KeyPair } from './self-signed';

/** What the portal asked for in its HTTP-Redirect AuthnRequest (SAML Bindings §3.4.4.1). */
export interface AuthnRequest {
  readonly id: string;
  readonly issuer: string;
  readonly acsUrl: string;
  readonly destination: string;
}

export function readAuthnRequest(url: string): AuthnRequest {
  const encoded = new URL(url).searchParams.get('SAMLRequest');
  if (!encoded) throw new Error(`no SAMLRequest in ${url}`);
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attr('ID'),
    acsUrl: attr('AssertionConsumerServiceURL'),
    destination: attr('Destination'),
    issuer: /<saml:Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
  };
}

export interface AssertionOptions {
  readonly inResponseTo: string;
  readonly acsUrl: string;
  readonly audience: string;
  readonly nameId: string;
  readonly email?: string;
  readonly givenName?: string;
  readonly surname?: string;
  readonly issuer?: string;
  readonly destination?: string;
  readonly recipient?: string;
  /** The signed SubjectConfirmationData's InResponseTo; null leaves it out (as in an IdP-initiated assertion). */
  readonly subjectInResponseTo?: string | null;
  readonly assertionId?: string;
  /** Validity window relative to now (ms); defaults to issued now, valid five minutes. */
  readonly notBefore?: number;
  readonly notOnOrAfter?: number;
}

const iso = (offset: number) => new Date(Date.now() + offset).toISOString().replace(/\.\d{3}Z$/, 'Z');
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const RESPONSE_XPATH = '/*[local-name(.)="Response" and namespace-uri(.)="urn:oasis:names:tc:SAML:2.0:protocol"]';
const ASSERTION_XPATH = `${RESPONSE_XPATH}/*[local-name(.)="Assertion" and namespace-uri(.)="urn:oasis:names:tc:SAML:2.0:assertion"]`;

/**
 * A SAML 2.0 identity provider for tests: its own key pair and self-signed certificate, building
 * Responses the way real IdPs do (SAML Core §2.3.3, Profiles §4.1.4.2) and signing the assertion,
 * the response, both or neither, with its key or any other.
 */
export class TestSamlIdp {
  readonly keys: KeyPair;
  constructor(
    readonly entityId: string,
    readonly ssoUrl = 'https://idp.test.example/sso',
  ) {
    this.keys = selfSignedCertificate(entityId);
  }

  get certificate(): string {
    return this.keys.certificatePem;
  }

  /** The unsigned Response XML for an AuthnRequest. */
  response(o: AssertionOptions): string {
    const issuer = esc(o.issuer ?? this.entityId);
    const assertionId = o.assertionId ?? `_a${randomBytes(16).toString('hex')}`;
    const attributes = [
      ['email', o.email],
      ['givenName', o.givenName],
      ['sn', o.surname],
    ]
      .filter((a): a is [string, string] => Boolean(a[1]))
      .map(([n, v]) => `<saml:Attribute Name="${n}"><saml:AttributeValue>${esc(v)}</saml:AttributeValue></saml:Attribute>`)
      .join('');
    const notOnOrAfter = iso(o.notOnOrAfter ?? 5 * 60_000);
    return (
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(0)}" Destination="${esc(o.destination ?? o.acsUrl)}" InResponseTo="${esc(o.inResponseTo)}">` +
      `<saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion ID="${esc(assertionId)}" Version="2.0" IssueInstant="${iso(0)}"><saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${esc(o.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${o.subjectInResponseTo === null ? '' : ` InResponseTo="${esc(o.subjectInResponseTo ?? o.inResponseTo)}"`} Recipient="${esc(o.recipient ?? o.acsUrl)}" NotOnOrAfter="${notOnOrAfter}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(o.notBefore ?? -60_000)}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
      '</saml:Assertion></samlp:Response>'
    );
  }

  /** Signs the assertion (enveloped XML-DSig, RSA-SHA256) with this IdP's key or another. */
  signAssertion(xml: string, key: KeyPair = this.keys): string {
    return signSamlPost(xml, ASSERTION_XPATH, {
      privateKey: key.privateKeyPem,
      publicCert: key.certificatePem,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
    });
  }

  signResponse(xml: string, key: KeyPair = this.keys): string {
    return signSamlPost(xml, RESPONSE_XPATH, {
      privateKey: key.privateKeyPem,
      publicCert: key.certificatePem,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
    });
  }
}

/**
 * Posts a SAMLResponse to the portal's ACS the way the IdP's auto-submitting form does: a plain
 * cross-site form POST, with no CSRF header and none of the portal's cookies. Returns the redirect
 * and the cookies the portal set (the new session, when it signed someone in).
 */
export async function postToAcs(base: string, xml: string): Promise<{ status: number; location: string; cookies: Map<string, string> }> {
  const response = await fetch(`${base}/blogs/api/sso/saml/acs`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test.example' },
    body: new URLSearchParams({ SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: '' }).toString(),
  });
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair.indexOf('=');
    if (pair.slice(index + 1)) cookies.set(pair.slice(0, index), pair.slice(index + 1));
  }
  await response.text();
  return { status: response.status, location: response.headers.get('location') ?? '', cookies };
}
