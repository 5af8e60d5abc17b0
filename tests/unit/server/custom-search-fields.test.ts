import { describe, expect, it } from 'vitest';
import { KINDS } from '../../../src/server/api/search/query';
import { operatorsOf, SEARCH_FIELDS, SEARCH_KINDS, SORT_KEYS, TYPE_OPERATORS } from '../../../src/shared/search/fields';
import { parseDefinition } from '../../../src/shared/search/validate';

/** The shared field catalogue and the server's SQL mapping agree, and definitions are checked strictly. */
describe('custom search fields', () => {
  it.each(SEARCH_KINDS)('every %s field and sort key has its fixed SQL', (kind) => {
    for (const field of SEARCH_FIELDS[kind]) {
      expect(Object.hasOwn(KINDS[kind].fields, field.key), field.key).toBe(true);
      for (const op of operatorsOf(field)) expect(TYPE_OPERATORS[field.type]).toContain(op);
      if (field.type === 'enum' || field.type === 'set') expect(field.options?.length, field.key).toBeGreaterThan(0);
    }
    for (const key of SORT_KEYS[kind]) expect(Object.hasOwn(KINDS[kind].sorts, key), key).toBe(true);
  });

  it('accepts a valid definition and trims text, de-duplicates lists', () => {
    expect(
      parseDefinition('self-assessment', {
        match: 'any',
        conditions: [
          { field: 'employee_name', op: 'contains', value: '  Okafor ' },
          { field: 'risk_band', op: 'one_of', value: ['high', 'high'] },
          { field: 'submitted_at', op: 'between', value: ['2026-01-01', '2026-01-31'] },
          { field: 'overall_score', op: 'is_empty' },
        ],
      }),
    ).toEqual({
      match: 'any',
      conditions: [
        { field: 'employee_name', op: 'contains', value: 'Okafor' },
        { field: 'risk_band', op: 'one_of', value: ['high'] },
        { field: 'submitted_at', op: 'between', value: ['2026-01-01', '2026-01-31'] },
        { field: 'overall_score', op: 'is_empty', value: null },
      ],
    });
  });

  it.each([
    [{ match: 'all', conditions: [{ field: 'toString', op: 'equals', value: 'x' }] }, /Condition 1: there is no field/],
    [{ match: 'all', conditions: [{ field: 'submitted_at', op: 'between', value: ['2026-02-01', '2026-01-01'] }] }, /not after the second/],
    [{ match: 'all', conditions: [{ field: 'overall_score', op: 'between', value: [1] }] }, /two values/],
    [{ match: 'all', conditions: [{ field: 'employee_name', op: 'equals', value: 'x'.repeat(101) }] }, /at most 100 characters/],
    [{ match: 'all', conditions: [{ field: 'employee_name', op: 'equals', value: 'a\0b' }] }, /NUL/],
    [{ match: 'all', conditions: [{ field: 'overall_score', op: 'is_empty', value: 3 }] }, /takes no value/],
    [{ match: 'all', conditions: [{ field: 'discomfort_regions', op: 'includes_any', value: [] }] }, /one or more/],
    [{ match: 'all', conditions: [{ field: 'overall_score', op: 'equals', value: Number.NaN }] }, /needs a number/],
    [[], /must be an object/],
    [{ match: 'all', conditions: [null] }, /Condition 1 must be an object/],
  ])('refuses %j', (definition, message) => {
    const result = parseDefinition('self-assessment', definition);
    expect(typeof result).toBe('string');
    expect(result).toMatch(message);
  });
});
