import { describe, expect, it } from 'vitest';
import { apiCalls } from '../../generated/api';
import { READER_ZONE_CALLS } from '../../src/shared/dashboards/reader-zone-calls';
import { readerZone } from '../../src/server/domain/dashboards/reader-zone';
import { addDays, zonedDay, zonedDayStart } from '../../src/shared/zoned-day';

/**
 * SPEC §2 dashboards: a period names days of the reader's time zone (src/server/domain/dashboards/reader-zone.ts,
 * src/shared/zoned-day.ts), and the browser sends its zone with every call whose period it is.
 */
describe('the days of a time zone', () => {
  it('begin at the zone’s midnight, across daylight-saving changes', () => {
    expect(zonedDayStart('2025-03-01', 'America/Los_Angeles').toISOString()).toBe('2025-03-01T08:00:00.000Z');
    // 9 March 2025: Los Angeles moves to summer time at 02:00; the next day begins at 07:00 UTC.
    expect(zonedDayStart('2025-03-10', 'America/Los_Angeles').toISOString()).toBe('2025-03-10T07:00:00.000Z');
    expect(zonedDayStart('2025-05-01', 'America/Los_Angeles').toISOString()).toBe('2025-05-01T07:00:00.000Z');
    expect(zonedDayStart('2025-05-01', 'Asia/Kolkata').toISOString()).toBe('2025-04-30T18:30:00.000Z');
    expect(zonedDayStart('2025-05-01', 'UTC').toISOString()).toBe('2025-05-01T00:00:00.000Z');
    expect(zonedDayStart('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedDayStart('2026-03-30', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('name the day an instant falls on there', () => {
    // 23:30 on 30 April in Los Angeles is 1 May in UTC.
    expect(zonedDay(new Date('2025-05-01T06:30:00Z'), 'America/Los_Angeles')).toBe('2025-04-30');
    expect(zonedDay(new Date('2025-05-01T06:30:00Z'), 'UTC')).toBe('2025-05-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });
});

describe('the reader’s zone', () => {
  it('is the zone sent when Intl knows it, UTC when none is sent, and a message otherwise', () => {
    expect(readerZone({})).toBe('UTC');
    expect(readerZone({ tz: '' })).toBe('UTC');
    expect(readerZone({ tz: 'America/Los_Angeles' })).toBe('America/Los_Angeles');
    expect(readerZone({ tz: 'UTC' })).toBe('UTC');
    expect(readerZone({ tz: 'Asia/Kolkata' })).toEqual(expect.any(String));
    for (const bad of ['Mars/Olympus_Mons', 'Europe/Berlin; DROP TABLE users', 'x'.repeat(65), '../etc/passwd'])
      expect(readerZone({ tz: bad }), bad).toEqual({ error: expect.stringContaining('tz') });
  });

  it('is sent by the browser with exactly the calls that declare `tz`', () => {
    const declaring = apiCalls
      .filter((c) => Boolean((c.query as { properties?: Record<string, unknown> } | null | undefined)?.properties?.tz))
      .map((c) => c.name)
      .sort();
    expect([...READER_ZONE_CALLS].sort()).toEqual(declaring);
  });
});
