// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeEnvelope, encodeEnvelope } from '../../../src/shared/envelope';
import { shellCall } from '../../../src/web/api/shell-call';
import { call } from '../../../src/web/api/typed';
import { onToast, type Toast } from '../../../src/web/api/toast-bus';
import { setNavigator } from '../../../src/web/session/navigation';
import '../../../src/web/session/store';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let calls: { url: string; init: RequestInit }[] = [];
let toasts: Toast[] = [];
let navigations: string[] = [];
let stopToasts: () => void;

function serve(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}

beforeEach(() => {
  calls = [];
  toasts = [];
  navigations = [];
  document.cookie = 'ep_csrf=csrf-value-123';
  stopToasts = onToast((t) => toasts.push(t));
  setNavigator((to) => navigations.push(to));
});
afterEach(() => {
  stopToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the wire format of SPEC §7', () => {
  it('wraps payloads in the envelope, echoes the CSRF cookie and decodes response data', async () => {
    serve(() => json(200, { success: true, message: 'Region saved.', data: encodeEnvelope({ ok: 1 }) }));
    const result = await call('update_user_region', { body: { region: 'Europe' } });
    expect(result).toEqual({ success: true, message: 'Region saved.', data: { ok: 1 } });
    const { url, init } = calls[0];
    expect(url).toBe('/blogs/api/update-user-region');
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('X-CSRF-Token')).toBe('csrf-value-123');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    expect(decodeEnvelope(body.request_data)).toEqual({ region: 'Europe' });
  });

  it('shows the generic error toast: errors, else error, else the default text, for 5 s', async () => {
    serve(() => json(400, { success: false, errors: 'Region is required' }));
    await expect(call('update_user_region', { body: { region: '' } })).rejects.toThrow('Region is required');
    serve(() => json(500, {}));
    await expect(call('check_domain')).rejects.toThrow('API Error, please try again.');
    expect(toasts.map((t) => [t.message, t.duration])).toEqual([
      ['Region is required', 5000],
      ['API Error, please try again.', 5000],
    ]);
  });
});

describe('SPEC §4: a 401 triggers one refresh, shared by concurrent requests, and one retry each', () => {
  it('five concurrent 401s cause exactly one refresh call and five retries', async () => {
    let refreshed = false;
    serve(async (url) => {
      if (url.endsWith('/refresh-token')) {
        await new Promise((r) => setTimeout(r, 20));
        refreshed = true;
        return json(200, { success: true });
      }
      return refreshed
        ? json(200, { success: true, data: encodeEnvelope({ clients: [] }) })
        : json(401, { success: false, errors: 'Unauthenticated.' });
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => call('check_domain')));
    expect(results.every((r) => Array.isArray((r.data as { clients?: unknown }).clients))).toBe(true);
    expect(calls.filter((c) => c.url.endsWith('/refresh-token'))).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith('/check-domain'))).toHaveLength(10);
  });

  it('a 401 that arrives after the refresh has finished is sent again without a second refresh', async () => {
    // Five calls sent together with an expired credential; the fifth answer is slow and comes back
    // after the refresh the first four started is over (a busy server).
    let refreshed = false;
    let expiredAnswers = 0;
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => (releaseSlow = r));
    serve(async (url) => {
      if (url.endsWith('/refresh-token')) {
        refreshed = true;
        return json(200, { success: true });
      }
      if (refreshed && calls.filter((c) => c.url.endsWith('/check-domain')).length > 5)
        return json(200, { success: true, data: encodeEnvelope({ clients: [] }) });
      expiredAnswers += 1;
      if (expiredAnswers === 5) await slowGate;
      return json(401, { success: false, errors: 'Unauthenticated.' });
    });
    const all = Promise.all(Array.from({ length: 5 }, () => call('check_domain')));
    await vi.waitFor(() => expect(calls.filter((c) => c.url.endsWith('/check-domain')).length).toBe(9));
    releaseSlow();
    const results = await all;
    expect(results.every((r) => Array.isArray((r.data as { clients?: unknown }).clients))).toBe(true);
    expect(calls.filter((c) => c.url.endsWith('/refresh-token'))).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith('/check-domain'))).toHaveLength(10);
  });

  it('a 409 (another tab refreshed) retries without signing out', async () => {
    let attempts = 0;
    serve((url) => {
      if (url.endsWith('/refresh-token')) return json(409, { success: false, errors: 'Refresh already in progress' });
      attempts += 1;
      return attempts === 1 ? json(401, {}) : json(200, { success: true, data: encodeEnvelope({ delete: 0 }) });
    });
    expect((await call('remove_user')).data).toEqual({ delete: 0 });
    expect(navigations).toEqual([]);
  });

  it("the shell's own calls (the session, on every page) go through the same refresh and retry", async () => {
    let refreshed = false;
    serve((url) => {
      if (url.endsWith('/refresh-token')) {
        refreshed = true;
        return json(200, { success: true });
      }
      return refreshed ? json(200, { success: true, data: null }) : json(401, {});
    });
    await shellCall('page_view', { body: { path: '/user/home' } });
    expect(calls.map((c) => c.url)).toEqual(['/blogs/api/page-view', '/blogs/api/refresh-token', '/blogs/api/page-view']);
  });

  it('a failed refresh shows the SPEC §8 message for 5 s, signs out and goes to login after 500 ms', async () => {
    vi.useFakeTimers();
    localStorage.setItem('employeeEmail', 'someone@example.com');
    serve((url) => (url.endsWith('/refresh-token') ? json(401, { success: false, errors: 'Invalid refresh token' }) : json(401, {})));
    await expect(call('check_domain')).rejects.toThrow('Invalid refresh token');
    expect(toasts).toContainEqual({ message: 'Your session has expired. Please log in again.', variant: 'error', duration: 5000 });
    expect(localStorage.getItem('employeeEmail')).toBeNull();
    expect(navigations).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(navigations).toEqual(['/user/login']);
  });
});
