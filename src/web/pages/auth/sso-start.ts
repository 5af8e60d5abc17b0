import { call } from '../../api/typed';
import { rememberSignIn } from '../../session/storage';

/** The answer of POST /client/sso-login: go to the provider, choose a client, or see an error. */
export interface SsoStart {
  readonly authorization_url?: string;
  readonly redirect?: string;
  readonly clients?: readonly { id: number; company_name: string; logo: string | null }[];
}

/**
 * Starts single sign-on for an e-mail (and a chosen client). The provider's address is the only
 * place the browser leaves the site for; every other answer is a path on this site.
 */
export async function startSso(email: string, options: { clientId?: number; redirect?: string | null } = {}): Promise<SsoStart> {
  const { data: answer } = await call(
    'sso_login',
    {
      body: {
        email,
        ...(options.clientId ? { client_id: options.clientId } : {}),
        ...(options.redirect ? { redirect: options.redirect } : {}),
      },
    },
    { noRefresh: true },
  );
  const data = answer as SsoStart;
  if (data.authorization_url) {
    rememberSignIn('sso', email);
    window.location.assign(data.authorization_url);
  }
  return data;
}
