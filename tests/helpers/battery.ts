import { expect } from 'vitest';
import type { Agent, Answer } from './agent';
import { LEAK } from './hostile';

/** A sample value for a path parameter that the route accepts, so only the part under test is hostile. */
export function fillParam(name: string): string {
  if (name === 'scope') return 'dashboard';
  if (name === 'language') return 'en';
  if (name === 'area') return 'office';
  if (name === 'kind') return 'logo';
  // Ids name records that do not exist: a body that happens to be valid changes nothing seeded.
  if (name === 'id' || name.endsWith('Id')) return '2147483647';
  return 'fuzz';
}

export function fillPath(path: string, override: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => override[name] ?? fillParam(name));
}

/** What every answer to hostile input must be: not 5xx, no internals, the security headers, the API error shape. */
export function problemsOf(answer: Answer, api: boolean): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  const text = JSON.stringify(answer.body);
  if (LEAK.test(text)) problems.push(`leaks internals: ${text.slice(0, 200)}`);
  if (answer.headers.get('x-frame-options') !== 'DENY') problems.push('no X-Frame-Options: DENY');
  if (!(answer.headers.get('content-security-policy') ?? '').includes("frame-ancestors 'none'")) problems.push('no CSP');
  if (answer.headers.get('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (api && answer.status >= 400 && (answer.body.success !== false || typeof answer.body.errors !== 'string'))
    problems.push(`not the API error shape: ${text.slice(0, 200)}`);
  return problems;
}

/** Sends every request with a few in flight at once; returns the problems found, each with what was sent. */
export async function sendAll<T>(items: readonly T[], send: (item: T) => Promise<string[]>, parallel = 6): Promise<string[]> {
  const found: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const item = items[next++];
        try {
          found.push(...(await send(item)));
        } catch (error) {
          found.push(`request failed: ${(error as Error).message}`);
        }
      }
    }),
  );
  return found;
}

/** The server still answers a signed-in caller after the battery (no crash, no lost session). */
export async function expectHealthy(agent: Agent, context: string): Promise<void> {
  const answer = await agent.get('/get-user');
  expect(answer.status, `get-user after ${context}`).toBe(200);
}
