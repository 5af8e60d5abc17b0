import { decodeEnvelope, encodeEnvelope } from '../../src/shared/envelope';

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
  /** The decoded `data` envelope (or data.data for get-user), when present. */
  readonly data: unknown;
}

/**
 * A browser-like HTTP client for API tests: keeps cookies, echoes the CSRF cookie in the header on
 * writes and wraps payloads in the SPEC §7 envelope, so tests exercise the real wire format.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  /** Off: a redirect is the answer (batteries check the redirect itself, not the page it leads to). */
  followRedirects = true;
  constructor(
    readonly base: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (!value || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Sends a request with a raw body (no envelope; text or bytes) for malformed-input tests. */
  async raw(method: string, path: string, body?: string | Uint8Array, headers: Record<string, string> = {}): Promise<Answer> {
    if (method !== 'GET' && !this.cookies.has('ep_csrf')) await this.raw('GET', '/blogs/api/get-user');
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(method !== 'GET' ? { 'x-csrf-token': this.cookies.get('ep_csrf') ?? '', 'content-type': 'application/json' } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      // Bytes are copied into a plain ArrayBuffer view, the type fetch takes.
      body: body instanceof Uint8Array ? new Uint8Array(body) : body,
      redirect: this.followRedirects ? 'follow' : 'manual',
    });
    this.store(response.headers);
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { text };
    }
    let data: unknown = null;
    const field = parsed.data as unknown;
    try {
      if (typeof field === 'string') data = decodeEnvelope(field);
      else if (field && typeof (field as { data?: unknown }).data === 'string') data = decodeEnvelope((field as { data: string }).data);
    } catch {
      data = null;
    }
    return { status: response.status, body: parsed, headers: response.headers, data };
  }

  get(path: string): Promise<Answer> {
    return this.raw('GET', `/blogs/api${path}`);
  }

  post(path: string, payload?: unknown): Promise<Answer> {
    return this.raw('POST', `/blogs/api${path}`, JSON.stringify(payload === undefined ? {} : { request_data: encodeEnvelope(payload) }));
  }

  async login(email: string, password: string): Promise<Answer> {
    return this.post('/login', { email, password });
  }
}

/** An agent signed in through the real login call; fails the test when sign-in does not answer 200. */
export async function signedInAgent(base: string, email: string, password: string): Promise<Agent> {
  const agent = new Agent(base);
  const answer = await agent.login(email, password);
  if (answer.status !== 200) throw new Error(`sign-in as ${email} answered ${answer.status}`);
  return agent;
}
