import type { Agent } from './agent';

/** A minimal cookie jar for the provider's own cookies (kept apart from the portal's Agent). */
class Jar {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, index));
      else this.cookies.set(pair.slice(0, index), value);
    }
  }
}

/**
 * Plays the person at the provider over HTTP: follows the authorization request, submits the
 * provider's login form and its consent form, and returns the address the provider sends the
 * browser back to (the portal's callback with code and state). `cancel` aborts at the login page.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, options: { cancel?: boolean } = {}): Promise<URL> {
  const jar = new Jar();
  const issuerOrigin = new URL(authorizationUrl).origin;
  let next = new URL(authorizationUrl);
  for (let step = 0; step < 12; step += 1) {
    if (next.origin !== issuerOrigin) return next;
    const page = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(page.headers);
    const location = page.headers.get('location');
    if (location) {
      next = new URL(location, next);
      continue;
    }
    const html = await page.text();
    if (page.status !== 200) throw new Error(`provider answered ${page.status}: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!prompt) throw new Error(`no form on the provider page: ${html.slice(0, 300)}`);
    if (options.cancel) {
      next = new URL(`${next.pathname}/abort`, next);
      continue;
    }
    const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt };
    const answer = await fetch(next, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(form),
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    jar.store(answer.headers);
    const to = answer.headers.get('location');
    if (!to) throw new Error(`provider did not redirect after ${prompt}: ${answer.status}`);
    next = new URL(to, next);
  }
  throw new Error('too many steps at the provider');
}

/** Opens the portal's callback as the browser would (cookies of the Agent), without following the redirect. */
export async function openCallback(agent: Agent, url: URL): Promise<{ status: number; location: string; body: string }> {
  const response = await fetch(`${agent.base}${url.pathname}${url.search}`, {
    redirect: 'manual',
    headers: { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair.indexOf('=');
    const value = pair.slice(index + 1);
    if (!value || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) agent.cookies.delete(pair.slice(0, index));
    else agent.cookies.set(pair.slice(0, index), value);
  }
  return { status: response.status, location: response.headers.get('location') ?? '', body: await response.text() };
}
