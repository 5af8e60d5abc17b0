// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeEnvelope, encodeEnvelope } from '../../../src/shared/envelope';
import { ApiError } from '../../../src/web/api/errors';
import { onToast, type Toast } from '../../../src/web/api/toast-bus';
import { call, callPath } from '../../../src/web/api/typed';
import '../../../src/web/session/store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let requests: { url: string; method: string; headers: Headers; body: string | null }[] = [];
let toasts: Toast[] = [];
let stopToasts: () => void;

/** Answers every request with `answer`, recording what the browser would have sent. */
function serve(answer: (url: string) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request = new Request(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
      const url = new URL(request.url);
      requests.push({
        url: `${url.pathname}${url.search}`,
        method: request.method,
        headers: request.headers,
        body: request.method === 'GET' ? null : await request.text(),
      });
      return answer(url.pathname);
    }),
  );
}

beforeEach(() => {
  requests = [];
  toasts = [];
  document.cookie = 'ep_csrf=csrf-value-123';
  stopToasts = onToast((t) => toasts.push(t));
});
afterEach(() => {
  stopToasts();
  vi.unstubAllGlobals();
});

describe('the typed client calls by manifest name (generated/api-types.ts)', () => {
  it('takes method and path from the table, fills and encodes path parameters, sends the query as text', async () => {
    serve(() => json(200, { success: true, data: encodeEnvelope({ regions: ['Europe'] }) }));
    const result = await call('get_client_region', { params: { clientId: 3 }, query: { lang: 'en', skip: undefined } });
    expect(result).toEqual({ success: true, message: null, data: { regions: ['Europe'] } });
    expect(requests.map((r) => [r.method, r.url])).toEqual([['GET', '/blogs/api/get-client-region/3?lang=en']]);
    expect(callPath('employee_reports', { email: 'a b/c@x.example' })).toBe('/employee-reports/a%20b%2Fc%40x.example');
    expect(() => callPath('assessment_report', {})).toThrow('Call assessment_report needs the path parameter url.');
  });

  it('POSTs the body in the SPEC §7 envelope with the CSRF header', async () => {
    serve(() => json(200, { success: true, message: 'Region saved.', data: null }));
    const result = await call('update_user_region', { body: { region: 'Europe' } });
    expect(result.message).toBe('Region saved.');
    const [sent] = requests;
    expect([sent.method, sent.url]).toEqual(['POST', '/blogs/api/update-user-region']);
    expect(sent.headers.get('X-CSRF-Token')).toBe('csrf-value-123');
    expect(decodeEnvelope(JSON.parse(sent.body!).request_data)).toEqual({ region: 'Europe' });
  });

  it('refreshes once on 401 and retries; an error answer shows its toast and rejects with ApiError', async () => {
    let refreshed = false;
    serve((path) => {
      if (path.endsWith('/refresh-token')) {
        refreshed = true;
        return json(200, { success: true });
      }
      return refreshed ? json(200, { success: true, data: encodeEnvelope({ delete: 0 }) }) : json(401, { success: false });
    });
    expect((await call('remove_user')).data).toEqual({ delete: 0 });
    expect(requests.map((r) => r.url)).toEqual(['/blogs/api/remove-user', '/blogs/api/refresh-token', '/blogs/api/remove-user']);

    serve(() => json(403, { success: false, message: 'You do not have permission to perform this action.' }));
    const failure = await call('get_role_permissions', { params: { roleId: 2 } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect(toasts.map((t) => t.message)).toEqual(['You do not have permission to perform this action.']);
  });

  it('checks names, parameters and bodies at compile time', () => {
    // Only type errors are under test here: none of these calls is made.
    const never = false as boolean;
    if (never) {
      // @ts-expect-error an unknown call name
      void call('no_such_call');
      // @ts-expect-error the path parameter is missing
      void call('get_client_region', {});
      // @ts-expect-error a body field the schema does not declare
      void call('update_user_region', { body: { region: 'Europe', colour: 'red' } });
      // @ts-expect-error the call takes no body
      void call('remove_user', { body: { region: 'Europe' } });
    }
    expect(never).toBe(false);
  });
});
