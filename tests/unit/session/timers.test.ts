// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_LIMIT_MS, REFRESH_INTERVAL_MS, startSessionTimers, stopSessionTimers } from '../../../src/web/session/timers';

afterEach(() => {
  stopSessionTimers();
  vi.useRealTimers();
});

describe('SPEC §4 / §9 session timers', () => {
  it('uses the SPEC constants', () => {
    expect(REFRESH_INTERVAL_MS).toBe(300000);
    expect(IDLE_LIMIT_MS).toBe(60 * (30 - 1) * 1000);
  });

  it('refreshes every 5 minutes while the user is active', () => {
    vi.useFakeTimers();
    const refresh = vi.fn(async () => undefined);
    const idleLogout = vi.fn();
    startSessionTimers({ refresh, idleLogout });
    for (let minute = 1; minute <= 20; minute += 1) {
      vi.advanceTimersByTime(60_000);
      window.dispatchEvent(new Event('mousemove'));
    }
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(idleLogout).not.toHaveBeenCalled();
  });

  it('stops refreshing once idle and logs out after 29 idle minutes, checked every 60 s', () => {
    vi.useFakeTimers();
    const refresh = vi.fn(async () => undefined);
    const idleLogout = vi.fn();
    startSessionTimers({ refresh, idleLogout });
    vi.advanceTimersByTime(28 * 60_000);
    expect(idleLogout).not.toHaveBeenCalled();
    expect(refresh).toHaveBeenCalledTimes(5);
    vi.advanceTimersByTime(60_000);
    expect(idleLogout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(5);
  });

  it('counts keys, clicks, touches and scrolls as activity', () => {
    vi.useFakeTimers();
    const idleLogout = vi.fn();
    startSessionTimers({ refresh: async () => undefined, idleLogout });
    for (const event of ['keydown', 'click', 'touchstart', 'scroll']) {
      vi.advanceTimersByTime(20 * 60_000);
      window.dispatchEvent(new Event(event));
    }
    expect(idleLogout).not.toHaveBeenCalled();
  });
});
