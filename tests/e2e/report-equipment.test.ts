import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { signIn, startProduct, type Product } from './support/product';

/**
 * docs/product.md "Equipment", from the report: the employee whose self-assessment finds the laptop used
 * on its own (laptop.no_external) requests the laptop stand named under that finding right from the
 * report, tied to the finding's action, and the report then says it is requested and in which state.
 * The programme manager reading the same report is offered nothing.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
}, 120_000);
afterAll(async () => {
  await product?.close();
});

const STAND = 'Height-adjustable laptop stand';

/** An office self-assessment on a laptop alone, by the calls the self-assessment page makes; its report's token. */
async function officeOnALaptop(email: string): Promise<string> {
  const agent = new Agent(product.server.url);
  expect((await agent.login(email, PASSWORD)).status).toBe(200);
  const started = await agent.post('/self-assessment/attempts', { area: 'office', from_previous: false });
  const { attempt, questionnaire } = started.data as { attempt: { id: string; answers: object }; questionnaire: Questionnaire };
  const answers = completeAnswers(questionnaire, 'no', {
    ...attempt.answers,
    'device.type': 'laptop',
    'laptop.setup': 'laptop_only',
  } as never);
  const submitted = await agent.post(`/self-assessment/attempts/${attempt.id}/submit`, { answers });
  expect(submitted.status).toBe(200);
  return (submitted.data as { url: string }).url;
}

async function signedIn(email: string): Promise<Page> {
  const context = await product.browser.newContext({ baseURL: product.server.url, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

describe('requesting equipment from the report', () => {
  let url = '';

  it('the employee requests the item a finding names, and the report says it is requested', async () => {
    url = await officeOnALaptop(ACCOUNTS.employee);
    const page = await signedIn(ACCOUNTS.employee);
    await page.goto(`/user/my-reports/viewreport/${url}`);
    const request = page.getByRole('button', { name: `Request ${STAND}`, exact: true }).first();
    await request.waitFor();
    // Found by its title: the request button gives way to the form once clicked.
    const title = (await page.locator('.finding').filter({ has: request }).first().getAttribute('aria-label'))!;
    const finding = page.locator('.finding').filter({ has: page.getByRole('heading', { name: title }) });
    await request.click();
    const form = finding.getByRole('form', { name: `Request ${STAND}` });
    await form.getByLabel('My desk at the office').check();
    await form.getByLabel('Desk location (building, floor, desk)').fill('Floor 3, desk 7');
    await form.getByRole('button', { name: 'Send request' }).click();
    // Under Northwind's automatic-approval amount, so approved as it is made.
    const status = finding.getByRole('status').filter({ hasText: 'Requested — Approved' });
    await status.waitFor();
    expect(await finding.getByRole('button', { name: `Request ${STAND}`, exact: true }).count()).toBe(0);

    // The request answers the finding's own action.
    const made = await product.server.ctx.db
      .selectFrom('equipment_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('corrective_actions as a', 'a.id', 'r.action_id')
      .innerJoin('equipment_item_texts as t', (j) => j.onRef('t.item_id', '=', 'r.item_id').on('t.language', '=', 'en'))
      .select(['r.state', 'r.desk_location', 'a.finding_key'])
      .where('u.email', '=', ACCOUNTS.employee)
      .where('t.name', '=', STAND)
      .executeTakeFirstOrThrow();
    expect(made).toEqual({ state: 'approved', desk_location: 'Floor 3, desk 7', finding_key: 'office:laptop.no_external' });

    // Read again, the report shows the request's state instead of the offer.
    await page.reload();
    await page.locator('.finding').getByRole('status').filter({ hasText: 'Requested — Approved' }).first().waitFor();
    expect(await page.getByRole('button', { name: `Request ${STAND}`, exact: true }).count()).toBe(0);
    await page.context().close();
  }, 180_000);

  it('the programme manager reading the same report is offered nothing', async () => {
    const page = await signedIn(ACCOUNTS.manager);
    await page.goto(`/user/program-overview-reports/${url}`);
    await page.locator('.finding').first().waitFor();
    // The offers would follow the report; give them the time they take for the employee.
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.report-offers').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Request / }).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
