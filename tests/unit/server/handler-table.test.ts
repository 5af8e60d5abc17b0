import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../../generated/api';
import { handlers } from '../../../src/server/api/handler-table';
import type { CompleteHandlerTable } from '../../../src/server/http/handler-types';

/**
 * Adding a call is its area's YAML plus its handler (docs/architecture.md, "Add a call"): the
 * compiler refuses a table that leaves a declared call out, as `npm run typecheck` does for the
 * server's own table. An unused `@ts-expect-error` fails the type check, so this cannot pass vacuously.
 */
describe('the handler table', () => {
  it('holds a handler for every declared call, and the compiler refuses one without', () => {
    expect(Object.keys(handlers).sort()).toEqual(apiCalls.map((c) => c.name).sort());
    const { contact, ...withoutContact } = handlers;
    expect(typeof contact).toBe('function');
    // @ts-expect-error the declared call `contact` has no handler in this table
    const incomplete: CompleteHandlerTable = withoutContact;
    expect(Object.keys(incomplete)).not.toContain('contact');
  });
});
