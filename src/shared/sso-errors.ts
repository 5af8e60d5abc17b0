/**
 * SPEC §8 "SSO failure": the SSO error page's `error` parameter and the plain message it shows.
 * The server only ever redirects to these codes; an unknown code shows the generic message, so the
 * address bar can never put words on the page.
 */
export const SSO_ERRORS = {
  'unknown-domain': 'Single sign-on is not set up for this e-mail domain. Check the address, or sign in with your password.',
  'not-configured': 'Single sign-on is not available for this company at the moment. Please sign in with your password.',
  'provider-unavailable': "Your company's sign-in service could not be reached. Please try again in a few minutes.",
  expired: 'This sign-in attempt has expired or was already used. Please start again.',
  cancelled: "Sign-in was cancelled at your company's sign-in service.",
  'provider-error': "Your company's sign-in service reported a problem. Please start again.",
  'code-rejected':
    "Your company's sign-in service did not accept this sign-in (it may have expired or been used already). Please start again.",
  'token-rejected': "The answer from your company's sign-in service could not be verified, so you have not been signed in.",
  'email-missing': "Your company's sign-in service did not share a verified e-mail address, which is needed to sign you in.",
  'wrong-company': 'Your account does not belong to the company you chose. Start again with your own work e-mail address.',
  'account-conflict': 'An account with this e-mail address already exists for another company. Please contact your administrator.',
  'account-disabled': 'Your account is disabled. Please contact your administrator.',
  'super-admin-account': 'A Super Admin account signs in with its password, not with single sign-on.',
} as const;

export type SsoErrorCode = keyof typeof SSO_ERRORS;
export const SSO_GENERIC_ERROR = 'Single sign-on did not complete. Please start again or sign in with your password.';

export function ssoErrorMessage(code: string | undefined): string {
  return code && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : SSO_GENERIC_ERROR;
}

export function ssoErrorPath(code: SsoErrorCode): string {
  return `/user/sso-login-error/${code}`;
}
