import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scormPackage } from '../../src/server/domain/training-lms/scorm-package';
import { fixtureCourse } from '../fixtures/training-lms/course';
import { launchBrowser } from './support/browser';

/**
 * A course's SCORM 1.2 package run as a learning system runs it (docs/product.md "Training: learning
 * systems"): the launch page in a frame under a page holding an LMS-side SCORM 1.2 runtime
 * (scorm-again's Scorm12API as window.API). The package finds the API up the frames, starts as
 * incomplete, reports failed and passed with the course score as the learner answers, and finishes.
 */
let http: Server;
let url: string;
let browser: Browser;

const HARNESS = `<!doctype html><html><head><meta charset="utf-8"><title>LMS</title>
<script src="/scorm12.js"></script>
<script>
  window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
  window.lmsLog = [];
  ['LMSInitialize', 'LMSCommit', 'LMSFinish'].forEach(function (name) { window.API.on(name, function () { window.lmsLog.push(name); }); });
  window.API.on('LMSSetValue.cmi.*', function (key, value) { window.lmsLog.push(key + '=' + value); });
</script></head>
<body><iframe id="sco" title="Course" src="/pkg/index.html" style="width:100%;height:90vh;border:0"></iframe></body></html>`;

beforeAll(async () => {
  const files = unzipSync(await scormPackage(fixtureCourse, 'https://portal.example'));
  const runtime = readFileSync(resolve(import.meta.dirname, '../../node_modules/scorm-again/dist/scorm12.min.js'));
  http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://harness').pathname;
    if (path === '/') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HARNESS);
    if (path === '/scorm12.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(runtime);
    const file = path.startsWith('/pkg/') ? files[path.slice('/pkg/'.length)] : undefined;
    if (!file) return void response.writeHead(404).end();
    const type = path.endsWith('.html') ? 'text/html; charset=utf-8' : path.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
    response.writeHead(200, { 'content-type': type }).end(Buffer.from(file));
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((done) => http?.close(done));
});

const core = (page: Page) =>
  page.evaluate(() => {
    const api = (
      window as unknown as { API: { cmi: { core: { lesson_status: string; score: { raw: string; min: string; max: string } } } } }
    ).API;
    return { status: api.cmi.core.lesson_status, raw: api.cmi.core.score.raw, min: api.cmi.core.score.min, max: api.cmi.core.score.max };
  });
const log = (page: Page) => page.evaluate(() => (window as unknown as { lmsLog: string[] }).lmsLog);

async function answer(frame: Frame, question: string, answers: string[]) {
  for (const a of answers) await frame.locator(`#a-${question}-${a}`).check();
}

describe('SCORM 1.2 package under an LMS runtime', () => {
  it('reports incomplete, then failed, then passed with the score, and finishes', async () => {
    const page = await browser.newPage();
    await page.goto(url);
    const frame = page.frame({ url: /\/pkg\/index\.html$/ })!;
    await frame.getByRole('heading', { level: 1, name: 'A neutral sitting posture' }).waitFor();
    expect(await log(page)).toContain('LMSInitialize');
    expect((await core(page)).status).toBe('incomplete');
    // The illustration is the package's own file, with its text alternative.
    expect(
      await frame.getByRole('img', { name: 'A person sitting upright at a desk' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);

    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Quiz: Posture' }).waitFor();
    await frame.getByRole('button', { name: 'Check answers' }).click();
    await expect.poll(() => frame.getByRole('status').first().textContent()).toContain('Answer every question');
    await answer(frame, 'screen-height', ['b']);
    await answer(frame, 'pain', ['b']);
    await frame.getByRole('button', { name: 'Check answers' }).click();
    // Half right; the worrying answer to the key question offers help.
    await expect.poll(() => frame.locator('.message').textContent()).toContain('Your score: 50% (pass mark 80%)');
    expect(await frame.locator('.message').textContent()).toContain('self-assessment');
    expect((await core(page)).status).toBe('incomplete');

    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Quiz: Breaks' }).waitFor();
    await answer(frame, 'which', ['a', 'b']);
    await frame.getByRole('button', { name: 'Check answers' }).click();
    // Every module has a score now: the mean of 50 and 100, failed because Posture is below its mark.
    await expect.poll(() => core(page)).toEqual({ status: 'failed', raw: '75', min: '0', max: '100' });

    await frame.getByRole('button', { name: 'Back' }).click();
    await frame.getByRole('button', { name: 'Back' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Quiz: Posture' }).waitFor();
    await answer(frame, 'screen-height', ['a']);
    await answer(frame, 'pain', ['a']);
    await frame.getByRole('button', { name: 'Check answers' }).click();
    await expect.poll(() => core(page)).toEqual({ status: 'passed', raw: '100', min: '0', max: '100' });
    expect(await log(page)).toContain('LMSCommit');

    for (let i = 0; i < 3; i++) await frame.getByRole('button', { name: 'Next' }).click();
    await frame.getByText('Course score: 100%').waitFor();
    await frame.getByRole('button', { name: 'Finish' }).click();
    await frame.getByText('Your result is recorded').waitFor();
    expect(await log(page)).toContain('LMSFinish');
    expect(await page.evaluate(() => (window as unknown as { API: { isTerminated(): boolean } }).API.isTerminated())).toBe(true);
    expect((await core(page)).status).toBe('passed');
  });

  it('says so, and still works, when no learning system is around it', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}pkg/index.html`);
    await page.getByRole('heading', { level: 1, name: 'A neutral sitting posture' }).waitFor();
    await expect.poll(() => page.locator('#notice').textContent()).toContain('No learning system was found');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 1, name: 'Quiz: Posture' }).waitFor();
  });
});
