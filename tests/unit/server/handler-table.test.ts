import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiCalls, type ApiCallName } from '../../../generated/api';
import type { ApiArea, AreaCalls } from '../../../generated/api-types';
import { areaTables, handlers } from '../../../src/server/api/handler-table';
import type { AreaHandlers, AreaTable, CompleteHandlerTable, Handler } from '../../../src/server/http/handler-types';

/**
 * Adding a call is its area's YAML plus its handler in that area's folder (docs/architecture.md
 * "Recipes"): the compiler refuses an area's table that leaves one of its calls out or holds another
 * area's, as `npm run typecheck` does for each `src/server/api/<area>/index.ts`. An unused
 * `@ts-expect-error` and a `true` given a `false` type both fail the type check, so this cannot pass vacuously.
 */
const manifest = resolve(import.meta.dirname, '../../../manifest/api');
const read = (file: string) => readFileSync(resolve(manifest, file), 'utf8');
/** The call names of one area's file, parsed alone as the generator parses it (shared schemas are `$ref`s: generator/refs.ts). */
const declared = (area: string): string[] => (parse(read(`${area}.yaml`)) as { calls: { name: string }[] }).calls.map((c) => c.name).sort();
const areaFiles = readdirSync(manifest)
  .filter((f) => f.endsWith('.yaml') && f !== 'shared.yaml')
  .map((f) => f.slice(0, -'.yaml'.length))
  .sort();

type Foreign<A extends ApiArea> = Exclude<ApiCallName, AreaCalls<A>>;
/** Calls of area `A` its table type would accept being left out (none). */
type AcceptedMissing<A extends ApiArea> = { [N in AreaCalls<A>]: Omit<AreaTable<A>, N> extends AreaTable<A> ? N : never }[AreaCalls<A>];
/** Other areas' calls a file of area `A` would be accepted declaring (none). */
type AcceptedInFile<A extends ApiArea> = { [N in Foreign<A>]: { [K in N]: Handler<K> } extends AreaHandlers<A> ? N : never }[Foreign<A>];
/** Other areas' calls area `A`'s table would be accepted holding besides its own (none). */
type AcceptedInTable<A extends ApiArea> = {
  [N in Foreign<A>]: Omit<AreaTable<A>, N> & { [K in N]: Handler<K> } extends AreaTable<A> ? N : never;
}[Foreign<A>];
/** True when area `A`'s table and files accept no loophole; checked area by area (all at once is too deep for the compiler). */
type NoLoophole<A extends ApiArea> = [AcceptedMissing<A> | AcceptedInFile<A> | AcceptedInTable<A>] extends [never] ? true : false;
/** Every area, once: a new manifest/api/<area>.yaml without its line below fails the test beneath. */
const CHECKED = {
  actions: true satisfies NoLoophole<'actions'>,
  activity: true satisfies NoLoophole<'activity'>,
  assessments: true satisfies NoLoophole<'assessments'>,
  auth: true satisfies NoLoophole<'auth'>,
  clients: true satisfies NoLoophole<'clients'>,
  content: true satisfies NoLoophole<'content'>,
  dashboards: true satisfies NoLoophole<'dashboards'>,
  equipment: true satisfies NoLoophole<'equipment'>,
  'evaluation-requests': true satisfies NoLoophole<'evaluation-requests'>,
  evaluations: true satisfies NoLoophole<'evaluations'>,
  notifications: true satisfies NoLoophole<'notifications'>,
  ops: true satisfies NoLoophole<'ops'>,
  reports: true satisfies NoLoophole<'reports'>,
  roles: true satisfies NoLoophole<'roles'>,
  search: true satisfies NoLoophole<'search'>,
  sso: true satisfies NoLoophole<'sso'>,
  'survey-reports': true satisfies NoLoophole<'survey-reports'>,
  training: true satisfies NoLoophole<'training'>,
  'training-lms': true satisfies NoLoophole<'training-lms'>,
  users: true satisfies NoLoophole<'users'>,
} satisfies Record<ApiArea, true>;

describe('the handler table', () => {
  it('holds a handler for every declared call, and the compiler refuses one without', () => {
    expect(Object.keys(handlers).sort()).toEqual(apiCalls.map((c) => c.name).sort());
    const { contact, ...withoutContact } = handlers;
    expect(typeof contact).toBe('function');
    // @ts-expect-error the declared call `contact` has no handler in this table
    const incomplete: CompleteHandlerTable = withoutContact;
    expect(Object.keys(incomplete)).not.toContain('contact');
  });

  it('has one table per manifest/api/<area>.yaml, holding exactly that file’s calls', () => {
    expect(Object.keys(areaTables).sort()).toEqual(areaFiles);
    for (const area of areaFiles) expect(Object.keys(areaTables[area as ApiArea]).sort(), area).toEqual(declared(area));
  });

  it('refuses, for every area and call, an area table without one of its calls or with another area’s', () => {
    expect(Object.keys(CHECKED).sort()).toEqual(areaFiles);

    const { login, ...authWithoutLogin } = areaTables.auth;
    expect(typeof login).toBe('function');
    // @ts-expect-error the auth call `login` has no handler in the auth table
    const missing: AreaTable<'auth'> = authWithoutLogin;
    // @ts-expect-error `contact` is a call of manifest/api/content.yaml, not of auth.yaml
    const misplaced: AreaTable<'auth'> = { ...areaTables.auth, contact: handlers.contact };
    // @ts-expect-error one file of the auth folder declaring the content call `contact`
    const misfiled = { contact: handlers.contact } satisfies AreaHandlers<'auth'>;
    expect([missing, misplaced, misfiled].every(Boolean)).toBe(true);
  });
});
