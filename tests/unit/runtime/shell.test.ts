// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forwardToAppHost } from '../../../src/web/app/host-forwarding';
import { CHUNK_TIMEOUT_MS, loadChunk } from '../../../src/web/app/chunk-reload';
import { redirectTarget } from '../../../src/web/app/router';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

function fakeLocation(href: string) {
  const url = new URL(href);
  return {
    host: url.host,
    protocol: url.protocol,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    replace: vi.fn(),
  } as unknown as Location & { replace: ReturnType<typeof vi.fn> };
}

describe('SPEC §2 host forwarding', () => {
  const root = (marketing?: string, app?: string) => {
    const el = document.createElement('html');
    if (marketing) el.dataset.marketingHost = marketing;
    if (app) el.dataset.appHost = app;
    return el;
  };

  it('forwards /user and /admin paths from the marketing host to the application host', () => {
    const location = fakeLocation('https://www.ergoportal.example/user/my-reports?x=1#top');
    expect(forwardToAppHost(location, root('www.ergoportal.example', 'app.ergoportal.example'))).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('https://app.ergoportal.example/user/my-reports?x=1#top');
  });

  it('leaves public paths, the application host and the single-host default alone', () => {
    const publicPath = fakeLocation('https://www.ergoportal.example/webinars');
    expect(forwardToAppHost(publicPath, root('www.ergoportal.example', 'app.ergoportal.example'))).toBe(false);
    const onApp = fakeLocation('https://app.ergoportal.example/admin');
    expect(forwardToAppHost(onApp, root('www.ergoportal.example', 'app.ergoportal.example'))).toBe(false);
    const single = fakeLocation('http://127.0.0.1:3000/admin');
    expect(forwardToAppHost(single, root())).toBe(false);
    expect(publicPath.replace).not.toHaveBeenCalled();
  });
});

describe('SPEC §2 redirects', () => {
  it('keeps a known target and sends an invalid one to /page-not-found', () => {
    expect(redirectTarget('/en/blog/too-many-meetings')).toBe('/en/blog/too-many-meetings');
    expect(redirectTarget('/privacy-policy')).toBe('/privacy-policy');
    expect(redirectTarget('/no/such/target')).toBe('/page-not-found');
  });
});

describe('SPEC §4 / §8 chunk load failure', () => {
  it('reloads the page once when a lazy chunk fails, and not again in a loop', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    await expect(loadChunk(() => Promise.reject(new Error('Failed to fetch dynamically imported module')))).rejects.toThrow();
    expect(reload).toHaveBeenCalledTimes(1);
    await expect(loadChunk(() => Promise.reject(new Error('still failing')))).rejects.toThrow();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('treats a chunk that has not arrived after 120000 ms as a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const pending = loadChunk(() => new Promise(() => undefined));
    const outcome = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError' });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await outcome;
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
