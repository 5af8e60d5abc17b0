import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { EVALUATION_MINUTES } from '../../src/shared/evaluations/meeting-length';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { signIn, startProduct, type Product } from './support/product';

/**
 * The employee's loop and what a visitor meets: from a moderate or high risk report to an evaluation
 * request, the personal home (SPEC §2 /user), the cookie notice that covers no page's main action,
 * and public pages that make no session call ending in a 401.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
}, 120_000);
afterAll(async () => {
  await product?.close();
});

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Takes the Office self-assessment through the API answering "no" where it can (a worse set-up). */
async function takeOffice(email: string): Promise<string> {
  const agent = new Agent(product.server.url);
  expect((await agent.login(email, PASSWORD)).status).toBe(200);
  const started = await agent.post('/self-assessment/attempts', { area: 'office', from_previous: false });
  const { attempt, questionnaire } = started.data as { attempt: { id: string; answers: object }; questionnaire: Questionnaire };
  const submitted = await agent.post(`/self-assessment/attempts/${attempt.id}/submit`, {
    answers: completeAnswers(questionnaire, 'no', attempt.answers as never),
  });
  expect(submitted.status).toBe(200);
  return (submitted.data as { url: string }).url;
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('the employee loop', () => {
  it('a report at moderate or high risk offers a one-to-one evaluation, and its button opens the request page', async () => {
    const url = await takeOffice(ACCOUNTS.employee);
    const context = await product.browser.newContext({ baseURL: product.server.url });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.goto(`/user/my-reports/viewreport/${url}`);
    const band = await page.locator('.report-score strong').first().getAttribute('class');
    expect(band).toMatch(/band-(moderate|high)/);
    const offer = page.getByRole('region', { name: 'Talk it through with an ergonomist' });
    await offer.getByRole('link', { name: 'Request a one-to-one evaluation' }).click();
    await page.waitForURL('**/user/schedule_eval');
    await page.getByRole('heading', { level: 1, name: 'Request a one-to-one evaluation' }).waitFor();
    // The page promises the length the invitation blocks (src/shared/evaluations/meeting-length.ts).
    await page.getByText(`In about ${EVALUATION_MINUTES} minutes on video`).waitFor();
    await context.close();
  }, 120_000);

  it('the home shows the own last result with its date, the next reassessment, open recommendations and the offer, at 1366 and 390 px', async () => {
    const { client_id } = await product.server.ctx.db
      .selectFrom('users')
      .select('client_id')
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    await product.server.ctx.db
      .insertInto('client_assessment_settings')
      .values({ client_id, reassessment_days: 60 })
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ reassessment_days: 60 }))
      .execute();
    for (const options of [{ viewport: { width: 1366, height: 900 } }, phone]) {
      const context = await product.browser.newContext({ baseURL: product.server.url, ...options });
      const page = await context.newPage();
      await signIn(page, ACCOUNTS.employee);
      await page.goto('/user');
      const mine = page.getByRole('region', { name: 'Your ergonomics at a glance' });
      await mine.getByRole('heading', { name: 'Your last self-assessment' }).waitFor();
      const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
      await mine.getByText(`Office, ${today}:`, { exact: false }).waitFor();
      await mine.getByText('your company asks for one every 60 days', { exact: false }).waitFor();
      await mine.getByRole('heading', { name: 'Your open recommendations' }).waitFor();
      expect(await mine.locator('.open-recommendations li').count()).toBeGreaterThan(0);
      await mine.getByRole('link', { name: 'Request a one-to-one evaluation' }).waitFor();
      await mine.getByRole('link', { name: 'Read the report' }).first().click();
      await page.waitForURL('**/user/my-reports/viewreport/**');
      await page.goBack();
      await mine.waitFor();
      expect(await noSideScroll(page)).toBe(true);
      await context.close();
    }
  }, 120_000);
});

describe('what a visitor meets', () => {
  it('on a phone the cookie notice leaves the contact form Send button clickable', async () => {
    const context = await product.browser.newContext({ baseURL: product.server.url, ...phone });
    const page = await context.newPage();
    await page.goto('/learn-more');
    const notice = page.getByRole('region', { name: 'Your Privacy' });
    await notice.waitFor();
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    // The page has reserved the notice's height below its content (cookie-notice.tsx) and its fonts are in.
    await page.waitForFunction(() => {
      const bar = document.querySelector('.cookie-notice');
      const reserved = document.documentElement.style.getPropertyValue('--cookie-notice-height');
      return bar !== null && reserved === `${Math.ceil(bar.getBoundingClientRect().height)}px` && document.fonts.status === 'loaded';
    });
    // Scroll as far as the page lets a reader, to where Send would sit just above the notice; then
    // the point at its centre must be the button itself, not the notice over it.
    const hit = await page.evaluate(() => {
      const send = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Send message')!;
      const bar = document.querySelector('.cookie-notice')!.getBoundingClientRect().height;
      const bottom = send.getBoundingClientRect().bottom + window.scrollY;
      window.scrollTo(0, bottom - (window.innerHeight - bar) + 4);
      const box = send.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('button') === send;
    });
    expect(hit).toBe(true);
    expect(await notice.isVisible()).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    await context.close();
  }, 60_000);

  it('public pages make no get-user or refresh-token call and log no error or 401', async () => {
    const context = await product.browser.newContext({ baseURL: product.server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    const sessionCalls: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('response', (r) => r.status() === 401 && errors.push(`401 ${r.url()}`));
    page.on('request', (r) => /\/blogs\/api\/(get-user|refresh-token)/.test(r.url()) && sessionCalls.push(r.url()));
    for (const path of ['/', '/learn-more', '/self-assessments', '/privacy-policy', '/blogs/en/blog', '/user/login', '/register']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      // Until the page has made no request for half a second: a session call would have gone out by then.
      await page.waitForLoadState('networkidle');
    }
    // The guest flag now says guest; a second visit asks nothing either.
    expect(await page.evaluate(() => localStorage.getItem('isGuest'))).toBe('true');
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(sessionCalls).toEqual([]);
    await context.close();
  }, 120_000);
});
