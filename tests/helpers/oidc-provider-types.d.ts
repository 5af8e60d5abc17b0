/** The part of oidc-provider 9 (which ships no types) that the test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: unknown[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    pkce: { required: () => boolean };
    ttl: Record<string, () => number>;
    features: Record<string, { enabled: boolean }>;
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
