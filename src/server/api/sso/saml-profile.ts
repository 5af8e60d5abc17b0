import type { Profile as SamlProfile } from '@node-saml/node-saml';
import type { SsoSettings } from './config-store';
import type { Profile } from './oidc';
import type { VerifiedIdentity } from './provision';

/** Common attribute names for e-mail and names: plain, Entra ID / ADFS claim URIs, and LDAP OIDs (eduPerson/InCommon). */
const EMAIL = [
  'email',
  'mail',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const GIVEN = ['givenName', 'firstName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'urn:oid:2.5.4.42'];
const FAMILY = ['sn', 'surname', 'lastName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'urn:oid:2.5.4.4'];
const NAME = ['displayName', 'name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name', 'urn:oid:2.16.840.1.113730.3.1.241'];
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

function first(profile: SamlProfile, names: string[]): string | undefined {
  for (const name of names) {
    const value = (profile.attributes as Record<string, unknown> | undefined)?.[name] ?? (profile as Record<string, unknown>)[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === 'string' && text.trim()) return text.trim();
  }
  return undefined;
}

/**
 * The person a verified assertion names: keyed by (IdP entity id, NameID) like OIDC's (issuer,
 * subject); the e-mail from the usual attributes, or the NameID when its format is emailAddress.
 */
export function samlProfile(settings: SsoSettings, profile: SamlProfile): { identity: VerifiedIdentity | null; profile: Profile } {
  const nameId = typeof profile.nameID === 'string' ? profile.nameID.trim() : '';
  const email = first(profile, EMAIL) ?? (profile.nameIDFormat === EMAIL_FORMAT ? nameId : undefined);
  return {
    identity: nameId ? { iss: settings.issuer, sub: nameId } : null,
    profile: { email, name: first(profile, NAME), given_name: first(profile, GIVEN), family_name: first(profile, FAMILY) },
  };
}
