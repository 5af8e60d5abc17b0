import { describe, expect, it } from 'vitest';
import { businessDaysBetween, promiseStatus } from '../../src/server/domain/evaluations/business-days';

describe('business days waited against the 2–5 day promise (SPEC §1)', () => {
  it('counts weekdays after the request day, skipping weekends', () => {
    const friday = new Date('2026-11-20T16:00:00Z');
    expect(businessDaysBetween(friday, new Date('2026-11-20T23:59:00Z'))).toBe(0);
    expect(businessDaysBetween(friday, new Date('2026-11-22T10:00:00Z'))).toBe(0);
    expect(businessDaysBetween(friday, new Date('2026-11-23T08:00:00Z'))).toBe(1);
    expect(businessDaysBetween(friday, new Date('2026-11-27T08:00:00Z'))).toBe(5);
    expect(businessDaysBetween(friday, new Date('2026-11-30T08:00:00Z'))).toBe(6);
  });

  it('reads new under 2 days, due from 2 to 5, overdue after 5', () => {
    expect([0, 1, 2, 5, 6].map(promiseStatus)).toEqual(['new', 'new', 'due', 'due', 'overdue']);
  });
});
