import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { signIn, start } from './server';

/**
 * Page weight and speed (part of `npm run bench`; also `npx tsx tests/bench/page-weight.ts`): for
 * the public home page, one guidance page, the admin center and the programme manager's dashboards
 * (programme overview, self-assessment activity, custom search), the JavaScript each page requests
 * (gzipped size of the built files it actually loads), a Lighthouse 12.8 run with its default mobile
 * preset (performance score, LCP, total blocking time), and LCP observed in Chromium with the CPU
 * slowed 4x (docs/architecture.md "Dependencies and their traps": on localhost Lighthouse's simulated throttling hides what pre-rendering gains).
 * The guidance page is requested with the employee's session cookies, as a signed-in browser does,
 * so the server sends its pre-rendered form (src/server/signed-in-pages.ts). Lantern's LCP counts
 * every request that ended before the observed largest paint: scripts fetched before it weigh on the
 * simulated LCP, which is why built pages start their bundle after the first paint
 * (src/web/build/boot-plugin.ts). Targets: public and guidance pages ≤ 100 kB JavaScript
 * (kB = 1024 bytes), score ≥ 0.98, LCP ≤ 1.2 s; admin and dashboards ≥ 0.9. Prints figures; never fails a build.
 * With PAGE_WEIGHT_FILES=1 it lists each script a page loads with its gzipped size, and skips
 * Lighthouse (a quick check of what a change to the bundle weighs).
 */
const root = resolve(import.meta.dirname, '../..');
const webDir = join(root, 'dist/web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Target {
  name: string;
  path: string;
  account: string | null;
  maxJsKb: number;
  minScore: number;
  maxLcpMs: number | null;
}
const TARGETS: Target[] = [
  { name: 'public home', path: '/', account: null, maxJsKb: 100, minScore: 0.98, maxLcpMs: 1200 },
  {
    name: 'guidance page',
    path: '/user/posture_perfect',
    account: 'employee@northwind.example',
    maxJsKb: 100,
    minScore: 0.98,
    maxLcpMs: 1200,
  },
  { name: 'admin center', path: '/admin', account: 'admin@ergoportal.example', maxJsKb: Infinity, minScore: 0.9, maxLcpMs: null },
  // The programme manager's dashboards (SPEC §2), charts included, on the demo history.
  ...[
    ['programme overview', '/user/program-overview'],
    ['self-assessment activity', '/user/self-assessment-activity'],
    ['custom search', '/user/custom-search-self-assessment'],
  ].map(([name, path]) => ({ name, path, account: 'manager@northwind.example', maxJsKb: Infinity, minScore: 0.9, maxLcpMs: null })),
];

/** Session cookies for an account, signed in through the real API (server.ts), as name and value pairs. */
async function cookiesFor(url: string, email: string): Promise<{ name: string; value: string }[]> {
  return (await signIn(url, email)).cookie.split('; ').map((pair) => {
    const index = pair.indexOf('=');
    return { name: pair.slice(0, index), value: pair.slice(index + 1) };
  });
}

/** JavaScript the page requests, as gzipped bytes of the built files, and LCP with the CPU slowed 4x. */
async function observe(context: BrowserContext, url: string): Promise<{ jsBytes: number; files: number; lcpMs: number }> {
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(url.replace(/\/[^/]*$/, '').replace(/(:\/\/[^/]+).*/, '$1')))
      scripts.add(new URL(request.url()).pathname);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolveLcp) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolveLcp(last), 500);
      }),
  );
  await page.close();
  let jsBytes = 0;
  for (const path of scripts) {
    const file = join(webDir, path);
    if (existsSync(file)) jsBytes += gzipSync(readFileSync(file), { level: 9 }).length;
    if (process.env.PAGE_WEIGHT_FILES && existsSync(file))
      console.log(`  ${url} ${path} ${gzipSync(readFileSync(file), { level: 9 }).length}`);
  }
  return { jsBytes, files: scripts.size, lcpMs };
}

/** Lighthouse sometimes fails to record its trace (NO_NAVSTART and the like): such a run is made again, twice at most. */
async function lighthouseRun(url: string, cookie: string | null) {
  let result = await lighthouseOnce(url, cookie);
  for (let attempt = 1; attempt <= 2 && result.failed; attempt += 1) result = await lighthouseOnce(url, cookie);
  return result;
}

async function lighthouseOnce(url: string, cookie: string | null) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result!.lhr;
    if (lhr.runtimeError) console.warn(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      failed: Boolean(lhr.runtimeError),
      score: lhr.categories.performance.score ?? 0,
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time'].numericValue ?? NaN,
    };
  } finally {
    await chrome.kill();
  }
}

if (!existsSync(join(webDir, 'index.html'))) {
  spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  spawnSync('npx', ['tsx', 'src/web/build/prerender.ts'], { cwd: root, stdio: 'inherit' });
}
const dataDir = mkdtempSync(join(tmpdir(), 'ergoportal-pages-'));
const server = await start('src/server/main.ts', { PORT: '0', DATA_DIR: dataDir, SESSION_SECRET: 'p'.repeat(48), WEB_DIR: webDir });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS.slice(1) });
const rows: string[] = [];
try {
  for (const target of TARGETS) {
    const cookies = target.account ? await cookiesFor(server.url, target.account) : [];
    const context = await browser.newContext();
    // A first visit, as a search engine or a new employee sees it (the cookie notice included).
    await context.addCookies(cookies.map((c) => ({ ...c, url: server.url })));
    const seen = await observe(context, `${server.url}${target.path}`);
    await context.close();
    if (process.env.PAGE_WEIGHT_FILES) continue;
    const lh = await lighthouseRun(
      `${server.url}${target.path}`,
      cookies.length ? cookies.map((c) => `${c.name}=${c.value}`).join('; ') : null,
    );
    const kb = seen.jsBytes / 1024;
    const verdict =
      [
        kb <= target.maxJsKb ? '' : `JS>${target.maxJsKb}kB`,
        lh.score >= target.minScore ? '' : `score<${target.minScore}`,
        target.maxLcpMs === null || lh.lcpMs <= target.maxLcpMs ? '' : `LCP>${target.maxLcpMs}ms`,
      ]
        .filter(Boolean)
        .join(' ') || 'meets targets';
    rows.push(
      [
        target.name.padEnd(24),
        `${kb.toFixed(1)} (${seen.files})`.padStart(12),
        lh.score.toFixed(2).padStart(6),
        String(Math.round(lh.lcpMs)).padStart(8),
        String(Math.round(lh.tbtMs)).padStart(7),
        String(Math.round(seen.lcpMs)).padStart(10),
        `  ${verdict}`,
      ].join(' '),
    );
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log('\nErgoPortal page weight and speed (Lighthouse 12.8 mobile preset; observed LCP with CPU slowed 4x)\n');
console.log(
  [
    'page'.padEnd(24),
    'JS kB (files)'.padStart(12),
    'score'.padStart(6),
    'LH LCP'.padStart(8),
    'LH TBT'.padStart(7),
    'seen LCP'.padStart(10),
    '  verdict',
  ].join(' '),
);
for (const row of rows) console.log(row);
