import { describe, expect, it } from 'vitest';
import { queryStringProblem } from '../../../src/server/http/body';

/** A call's declared `query:` schema (manifest/api/*.yaml), as the gate checks it before the handler. */
const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['start'],
  properties: { start: { type: 'string' }, dir: { enum: ['asc', 'desc'] } },
};

describe('the declared query schema of a call', () => {
  it('passes a query that fits and names the first problem otherwise', () => {
    expect(queryStringProblem({ start: '0', dir: 'asc' }, schema)).toBeNull();
    expect(queryStringProblem({ start: '0', colour: 'red' }, schema)).toBe('The query parameter colour is not allowed.');
    expect(queryStringProblem({ dir: 'asc' }, schema)).toBe('The query parameter start is required.');
    expect(queryStringProblem({ start: '0', dir: 'up' }, schema)).toBe(
      'The query parameter dir must be equal to one of the allowed values.',
    );
  });
});
