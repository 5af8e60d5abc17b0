import { describe, expect, it } from 'vitest';
import { CallTimings, RING_SIZE } from '../../../src/server/ops/call-timings';

describe('call timings', () => {
  it('gives count, median, 95th percentile and max per call, slowest first', () => {
    const table = new CallTimings(new Date());
    for (let ms = 1; ms <= 100; ms += 1) table.record('fast', ms / 10);
    for (let ms = 1; ms <= 20; ms += 1) table.record('slow', ms * 10);
    const rows = table.slowest(10);
    console.log('timings', JSON.stringify(rows));
    expect(rows.map((r) => r.name)).toEqual(['slow', 'fast']);
    expect(rows[0]).toEqual({ name: 'slow', count: 20, sampled: 20, p50: 100, p95: 190, max: 200 });
    expect(rows[1]).toEqual({ name: 'fast', count: 100, sampled: 100, p50: 5, p95: 9.5, max: 10 });
  });

  it('keeps only the latest calls in a fixed ring while counting every call', () => {
    const table = new CallTimings(new Date());
    for (let i = 0; i < RING_SIZE; i += 1) table.record('report', 500);
    for (let i = 0; i < RING_SIZE; i += 1) table.record('report', 2);
    expect(table.slowest(1)[0]).toEqual({ name: 'report', count: 2 * RING_SIZE, sampled: RING_SIZE, p50: 2, p95: 2, max: 2 });
  });
});
