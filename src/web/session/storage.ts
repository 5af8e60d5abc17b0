import type { SessionClient } from '../../shared/model';

/** SPEC §3 browser-storage keys. */
export const STORAGE_KEYS = {
  userProfile: 'user_profile',
  idTokenClient: 'id_token_client',
  companyInformation: 'companyInformation',
  loginType: 'loginType',
  employeeEmail: 'employeeEmail',
  isGuest: 'isGuest',
  isNotGuest: 'isNotGuest',
} as const;

/** SPEC §3 "Company information kept locally". */
export interface CompanyInformation {
  readonly logo: string | null;
  readonly hex_color: string;
  readonly secondary_hex_color: string;
  readonly site_footer: string;
  readonly site_menu_details: { readonly TakeASelfAssessment: { readonly status: 0 | 1 } };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Stores the company information of SPEC §3 for the client now in use. */
export function saveCompanyInformation(client: SessionClient): void {
  const info: CompanyInformation = {
    logo: client.logo,
    hex_color: client.hex_color,
    secondary_hex_color: client.secondary_hex_color,
    site_footer: client.site_footer,
    site_menu_details: { TakeASelfAssessment: { status: client.site_menu_details.TakeASelfAssessment?.status ?? 1 } },
  };
  storage()?.setItem(STORAGE_KEYS.companyInformation, JSON.stringify(info));
}

/** The server's readable session hint (src/server/http/cookies.ts SESSION_HINT_COOKIE). */
const SESSION_HINT = 'ep_session=1';

/**
 * Whether this browser may hold a session, so asking for the current user can succeed: the server's
 * session hint cookie is there, or the stored flag says the last page was signed in (SPEC §4). A new
 * visitor, or one whose flag says guest and who has no hint, is a guest without asking, so a public
 * page makes no call that ends in a 401.
 */
export function mayHaveSession(): boolean {
  const hint = typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(SESSION_HINT);
  return hint || storage()?.getItem(STORAGE_KEYS.isNotGuest) === 'true';
}

/** SPEC §4 Session: the guest flag is one of two keys. */
export function markGuest(guest: boolean): void {
  const s = storage();
  s?.removeItem(guest ? STORAGE_KEYS.isNotGuest : STORAGE_KEYS.isGuest);
  s?.setItem(guest ? STORAGE_KEYS.isGuest : STORAGE_KEYS.isNotGuest, 'true');
}

/** SPEC §4 Logout: the stored profile, token, company info, login type and employee e-mail go. */
export function clearSessionKeys(): void {
  const s = storage();
  for (const key of [
    STORAGE_KEYS.userProfile,
    STORAGE_KEYS.idTokenClient,
    STORAGE_KEYS.companyInformation,
    STORAGE_KEYS.loginType,
    STORAGE_KEYS.employeeEmail,
  ]) {
    s?.removeItem(key);
  }
}

/** SPEC §4: a 401 on loading the current user clears all local storage. */
export function clearAllStorage(): void {
  storage()?.clear();
}

export function readLoginType(): string | null {
  return storage()?.getItem(STORAGE_KEYS.loginType) ?? null;
}

/**
 * SPEC §3 loginType and employeeEmail: "1" marks a single sign-on, so logout goes home (SPEC §4);
 * the e-mail lets the client-selection screen continue an SSO sign-in.
 */
export function rememberSignIn(kind: 'password' | 'sso', email?: string): void {
  const s = storage();
  s?.setItem(STORAGE_KEYS.loginType, kind === 'sso' ? '1' : '0');
  if (email) s?.setItem(STORAGE_KEYS.employeeEmail, email);
}

export function readEmployeeEmail(): string | null {
  return storage()?.getItem(STORAGE_KEYS.employeeEmail) ?? null;
}
