import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { seedEmployees } from '../helpers/employee-seed';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

/**
 * SPEC §2 employee search and records in the browser: the programme manager and an evaluator each
 * search, open an employee's record and history, and open one of their reports through their own
 * report route; no serious axe violation; usable at phone width (390×844).
 */
let product: Product;
let northwind: number;
let employeeId: number;

beforeAll(async () => {
  product = await startProduct();
  const db = product.server.ctx.db;
  northwind = (await db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()).id;
  await seedEmployees(db, [northwind], 60);
  const agent = new Agent(product.server.url);
  expect((await agent.login(ACCOUNTS.employee, PASSWORD)).status).toBe(200);
  const started = await agent.post('/self-assessment/attempts', { area: 'office', from_previous: false });
  const { attempt, questionnaire } = started.data as { attempt: { id: string; answers: unknown }; questionnaire: Questionnaire };
  expect(
    (
      await agent.post(`/self-assessment/attempts/${attempt.id}/submit`, {
        answers: completeAnswers(questionnaire, 'no', attempt.answers as never),
      })
    ).status,
  ).toBe(200);
  employeeId = (await db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.employee).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await product?.close();
});

async function signedIn(email: string, width = 1280, height = 900): Promise<Page> {
  const context = await product.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  await signIn(page, email);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}

async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Whether anything of the page's own content reaches past the window's right edge (the shell's
 * slide-out sidebar waits off-screen by design, so the page content is what is measured); a table
 * scrolls inside its own region instead.
 */
const overflows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.employees-page, .employees-page > *, .employee-table-wrap, .employee-filters')].some(
      (e) => e.getBoundingClientRect().right > window.innerWidth + 1,
    ),
  );

async function searchAndOpen(page: Page, searchPath: string, recordPath: RegExp, reportPath: RegExp) {
  await page.goto(searchPath);
  await page.getByRole('heading', { level: 1, name: /Employee search: Northwind/ }).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /\d+ employees/ })
    .waitFor();
  await page.getByLabel('Name or e-mail').fill('erin wal');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/q=erin/);
  await page
    .getByRole('status')
    .filter({ hasText: /^1 employee$/ })
    .waitFor();
  expect(await seriousAxe(page)).toEqual([]);
  await page.getByRole('link', { name: 'Erin Walsh' }).click();
  await page.waitForURL(recordPath);
  await page.getByRole('heading', { level: 1, name: 'Erin Walsh' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Self-assessments' }).waitFor();
  expect(await seriousAxe(page)).toEqual([]);
  await page
    .getByRole('link', { name: /^Report of / })
    .first()
    .click();
  await page.waitForURL(reportPath);
  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /report/i })
    .waitFor();
  expect(await page.getByRole('heading', { name: 'Report not found' }).count()).toBe(0);
}

describe('employee search and records', () => {
  it('the programme manager searches, opens an employee and one of their reports, then the history', async () => {
    const page = await signedIn(ACCOUNTS.manager);
    await searchAndOpen(
      page,
      '/user/employee-search',
      new RegExp(`/user/view-employee/${employeeId}$`),
      /\/user\/employee-reports\/viewreport\//,
    );
    await page.goBack();
    await page.getByRole('link', { name: 'History with changes over time' }).click();
    await page.waitForURL(new RegExp(`/user/view-employee-prev/${employeeId}$`));
    await page.getByRole('heading', { level: 1, name: 'History of Erin Walsh' }).waitFor();
    await page
      .getByText(/Office self-assessment: \d+ of 10/)
      .first()
      .waitFor();
    expect(await seriousAxe(page)).toEqual([]);
    await page
      .getByRole('link', { name: /^Open the report/ })
      .first()
      .click();
    await page.waitForURL(/\/user\/employee-prev-reports\/viewreport\//);
    expect(await page.getByRole('heading', { name: 'Report not found' }).count()).toBe(0);
    await page.context().close();
  });

  it("filters live in the address, and another client's employee is not found", async () => {
    const page = await signedIn(ACCOUNTS.manager);
    await page.goto('/user/employee-search?band=high&open_requests=no');
    await page
      .getByRole('status')
      .filter({ hasText: /\d+ employees?$/ })
      .waitFor();
    expect(await page.getByLabel('Latest band').inputValue()).toBe('high');
    const fabrikamEmployee = (
      await product.server.ctx.db.selectFrom('users').select('id').where('email', '=', ACCOUNTS.fabrikamEmployee).executeTakeFirstOrThrow()
    ).id;
    await page.goto(`/user/view-employee/${fabrikamEmployee}`);
    await page.getByRole('heading', { level: 1, name: 'Employee not found' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'No such employee' }).waitFor();
    await page.context().close();
  });

  it('an evaluator does the same for an assigned client', async () => {
    const page = await signedIn(ACCOUNTS.evaluator);
    await searchAndOpen(
      page,
      `/user/evaluator-employee-search/${northwind}`,
      new RegExp(`/user/evaluator-employee-view/${employeeId}$`),
      /\/user\/evaluator-employee-reports\/viewreport\//,
    );
    await page.context().close();
  });

  it('works at phone width', async () => {
    const page = await signedIn(ACCOUNTS.manager, 390, 844);
    await page.goto('/user/employee-search');
    await page
      .getByRole('status')
      .filter({ hasText: /\d+ employees/ })
      .waitFor();
    expect(await overflows(page)).toBe(false);
    await page.goto(`/user/view-employee/${employeeId}`);
    await page.getByRole('heading', { level: 1, name: 'Erin Walsh' }).waitFor();
    expect(await overflows(page)).toBe(false);
    expect(await seriousAxe(page)).toEqual([]);
    await page.goto(`/user/view-employee-prev/${employeeId}`);
    await page.getByRole('heading', { level: 1, name: 'History of Erin Walsh' }).waitFor();
    expect(await overflows(page)).toBe(false);
    await page.context().close();
  });
});
