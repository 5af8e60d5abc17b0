import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Questionnaire } from '../../src/shared/assessment/types';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { completeAnswers } from '../helpers/assessment';
import { signIn, startProduct, type Product } from './support/product';
import { finish } from './support/assessment-steps';
import { othersMovedOut } from './support/moved-out';

/**
 * docs/product.md "Equipment", from recommendation to delivery, in the browser: an employee whose
 * self-assessment says the laptop is used on its own (finding laptop.no_external) asks for the laptop
 * stand offered beside that action on /user/my-actions, approved at once under Northwind's automatic
 * amount (150 EUR); a task chair over that amount waits until the programme manager approves it from
 * the Program Overview's attention panel; an administrator orders and delivers it on
 * /user/equipment-fulfilment, and the employee's My Equipment shows it delivered. The employee then
 * retakes the self-assessment on the page with a better set-up: the laptop finding is no longer raised,
 * so My Actions shows its action verified, and the manager's risk-reduction panel ("Outcomes: the
 * risk-reduction panel") counts the employee among those who moved out of high risk, with the cost of
 * the delivered chair. The manager's and the employee's equipment pages fit a 390 px phone.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
}, 120_000);
afterAll(async () => {
  await product?.close();
});

const STAND = 'Height-adjustable laptop stand';
const CHAIR = 'Fully adjustable task chair';
const EMPLOYEE = 'Erin Walsh';
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/**
 * The precondition, by the calls the self-assessment page makes: an office self-assessment on a laptop
 * alone (laptop.no_external) with a chair that does not adjust (chair.not_adjustable), all day: high risk.
 */
async function takeOfficeOnALaptop(email: string): Promise<void> {
  const agent = new Agent(product.server.url);
  expect((await agent.login(email, PASSWORD)).status).toBe(200);
  const started = await agent.post('/self-assessment/attempts', { area: 'office', from_previous: false });
  const { attempt, questionnaire } = started.data as { attempt: { id: string; answers: object }; questionnaire: Questionnaire };
  const answers = completeAnswers(questionnaire, 'no', {
    ...attempt.answers,
    'device.type': 'laptop',
    'laptop.setup': 'laptop_only',
  } as never);
  // Over four hours a day at each (ROSA's duration modifier), so the set-up scores high risk.
  const long = questionnaire.sections.flatMap((s) => s.questions).filter((q) => q.options?.some((o) => o.id === 'gt4'));
  for (const q of long) if (q.id in answers) answers[q.id] = 'gt4';
  const submitted = await agent.post(`/self-assessment/attempts/${attempt.id}/submit`, { answers });
  expect(submitted.status).toBe(200);
}

async function signedIn(email: string, options: object = { viewport: { width: 1366, height: 900 } }): Promise<Page> {
  const context = await product.browser.newContext({ baseURL: product.server.url, ...options });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Shows more actions until the one offering `item` is on the page (My Actions shows 20 at a time). */
async function actionOffering(page: Page, item: string) {
  const request = page.getByRole('button', { name: `Request ${item}`, exact: true });
  for (let round = 0; round < 5; round += 1) {
    await page.locator('.my-action').first().waitFor();
    if (await request.count()) break;
    const more = page.getByRole('button', { name: /^Show \d+ more/ });
    if (!(await more.count())) break;
    await more.click();
  }
  // Found by its title: the request button gives way to the form once clicked.
  const title = (await page
    .locator('.my-action')
    .filter({ has: request })
    .first()
    .getByRole('heading', { level: 2 })
    .textContent())!.trim();
  return page.locator('.my-action').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
}

/** Requests `item` from the action beside which it is offered, for a desk; returns what the offer says then. */
async function requestFromAction(page: Page, item: string, desk: string): Promise<string> {
  const card = await actionOffering(page, item);
  await card.getByRole('button', { name: `Request ${item}`, exact: true }).click();
  const form = card.getByRole('form', { name: `Request ${item}` });
  // Where it goes is required: sending without it says so and sends nothing.
  await form.getByRole('button', { name: 'Send request' }).click();
  await form.getByText('Please say where it should go.').waitFor();
  await form.getByLabel('My desk at the office').check();
  await form.getByLabel('Desk location (building, floor, desk)').fill(desk);
  await form.getByRole('button', { name: 'Send request' }).click();
  const status = card.getByRole('status').filter({ hasText: /^Requested/ });
  await status.waitFor();
  return (await status.textContent())!.trim();
}

/** The state My Equipment shows for `item`. */
async function myEquipmentState(page: Page, item: string): Promise<string> {
  const card = page.locator('.equipment-card').filter({ has: page.getByRole('heading', { level: 2, name: item, exact: true }) });
  await card.waitFor();
  return (await card.locator('dd.status').textContent())!.trim();
}

async function requestState(item: string): Promise<{ state: string; desk_location: string | null }> {
  return product.server.ctx.db
    .selectFrom('equipment_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('equipment_item_texts as t', (j) => j.onRef('t.item_id', '=', 'r.item_id').on('t.language', '=', 'en'))
    .select(['r.state', 'r.desk_location'])
    .where('u.email', '=', ACCOUNTS.employee)
    .where('t.name', '=', item)
    .executeTakeFirstOrThrow();
}

describe('equipment, from recommendation to delivery', () => {
  it('a laptop stand offered beside the action is approved at once under the automatic amount', async () => {
    await takeOfficeOnALaptop(ACCOUNTS.employee);
    const page = await signedIn(ACCOUNTS.employee);
    await page.goto('/user/my-actions');
    await page.getByRole('heading', { level: 1, name: 'My Actions' }).waitFor();
    expect(await requestFromAction(page, STAND, 'Floor 2, desk 14')).toContain('Requested and approved: it will be ordered for you.');
    expect(await requestState(STAND)).toEqual({ state: 'approved', desk_location: 'Floor 2, desk 14' });
    await page.getByRole('link', { name: 'See my equipment' }).first().click();
    await page.waitForURL('**/user/my-equipment');
    await page.getByRole('heading', { level: 1, name: 'My Equipment' }).waitFor();
    expect(await myEquipmentState(page, STAND)).toBe('Approved');
    await page.getByText('Floor 2, desk 14').waitFor();
    await page.context().close();
  }, 180_000);

  it('a task chair over that amount waits for the programme manager, who approves it from the attention panel', async () => {
    const employee = await signedIn(ACCOUNTS.employee);
    await employee.goto('/user/my-actions');
    expect(await requestFromAction(employee, CHAIR, 'Floor 2, desk 14')).toContain('Requested: your programme manager will decide.');
    expect((await requestState(CHAIR)).state).toBe('requested');
    await employee.context().close();

    const page = await signedIn(ACCOUNTS.manager);
    await page.goto('/user/program-overview');
    const group = page.locator('.attention-group[data-group="equipment"]');
    await group.getByRole('heading', { level: 3, name: /^Equipment requests waiting for you/ }).waitFor();
    expect((await group.locator('.attention-count').textContent())!.trim()).toBe('1');
    await group.getByRole('link', { name: EMPLOYEE, exact: true }).click();
    await page.waitForURL(/\/user\/equipment\?request=\d+$/);
    const decision = page.getByRole('form', { name: `${CHAIR} for ${EMPLOYEE}` });
    await decision.getByLabel('Approve').waitFor();
    expect(await decision.getByLabel('Approve').isChecked()).toBe(true);
    await decision.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Approved: ${CHAIR} for ${EMPLOYEE}.` })
      .waitFor();
    expect((await requestState(CHAIR)).state).toBe('approved');
    // Nothing waits for the manager any more.
    await page.goto('/user/program-overview');
    await group.getByText('No equipment request is waiting for your decision.').waitFor();
    await page.context().close();
  }, 180_000);

  it('fulfilment orders and delivers it, and the employee sees it delivered', async () => {
    const page = await signedIn(ACCOUNTS.admin);
    await page.goto('/user/equipment-fulfilment');
    await page.getByRole('heading', { level: 1, name: 'Equipment fulfilment' }).waitFor();
    for (const [step, done] of [
      ['Mark ordered', 'ordered'],
      ['Mark delivered', 'delivered'],
    ] as const) {
      await page.getByRole('button', { name: `${step} ${CHAIR} for ${EMPLOYEE}`, exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${step}: ${CHAIR} for ${EMPLOYEE}.` })
        .waitFor();
      expect((await requestState(CHAIR)).state).toBe(done);
    }
    // Delivered leaves the fulfilment list; the stand is still there to order.
    await page.getByRole('button', { name: `Mark ordered ${STAND} for ${EMPLOYEE}`, exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(`${CHAIR} for ${EMPLOYEE}$`) }).count()).toBe(0);
    await page.context().close();

    const employee = await signedIn(ACCOUNTS.employee);
    await employee.goto('/user/my-equipment');
    expect(await myEquipmentState(employee, CHAIR)).toBe('Delivered');
    expect(await myEquipmentState(employee, STAND)).toBe('Approved');
    await employee.context().close();
  }, 180_000);

  it('a retake no longer raises the laptop finding, and My Actions shows its action verified', async () => {
    const db = product.server.ctx.db;
    const laptop = await db
      .selectFrom('corrective_actions as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.title', 'a.state'])
      .where('u.email', '=', ACCOUNTS.employee)
      .where('a.finding_key', '=', 'office:laptop.no_external')
      .executeTakeFirstOrThrow();
    expect(laptop.state).toBe('open');
    const page = await signedIn(ACCOUNTS.employee);
    await page.goto('/user/self_assessment_signup');
    await page.getByRole('radio', { name: /Office/ }).check();
    await page.getByRole('button', { name: 'Start the self-assessment' }).click();
    await page.getByText(/^Section 1 of \d+$/).waitFor();
    // A better set-up: still the laptop, now on the stand with a separate keyboard and mouse, and
    // "Yes" (or the first option) everywhere else.
    await page.getByRole('radio', { name: 'A laptop', exact: true }).check();
    await page.getByRole('radio', { name: 'On a stand, with a separate keyboard and mouse', exact: true }).check();
    await finish(page, 'Yes');
    await page.getByRole('heading', { name: 'Office self-assessment report' }).waitFor();
    const report = await db
      .selectFrom('assessment_attempts as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.risk_band', 'a.finding_ids'])
      .where('u.email', '=', ACCOUNTS.employee)
      .orderBy('a.submitted_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(report.finding_ids).not.toContain('laptop.no_external');
    expect(report.risk_band).not.toBe('high');

    await page.goto('/user/my-actions');
    await page.getByRole('button', { name: 'All actions' }).click();
    const card = page.locator('.my-action').filter({ has: page.getByRole('heading', { level: 2, name: laptop.title, exact: true }) });
    for (let round = 0; round < 10 && !(await card.count()); round += 1) {
      await page.locator('.my-action').first().waitFor();
      if (await card.count()) break;
      await page.getByRole('button', { name: /^Show \d+ more/ }).click();
    }
    await expect.poll(() => card.locator('.status').textContent()).toBe('Verified');
    // Closed: nothing left to mark, and no equipment offered for it any more.
    expect(await card.getByRole('button').count()).toBe(0);
    await page.context().close();
  }, 240_000);

  it('the risk-reduction panel counts the employee among those moved out of high risk, with the cost', async () => {
    const db = product.server.ctx.db;
    const employee = await db
      .selectFrom('users')
      .select(['id', 'client_id'])
      .where('email', '=', ACCOUNTS.employee)
      .executeTakeFirstOrThrow();
    // The small-group rule hides a count under five: four colleagues moved out too, without equipment.
    await othersMovedOut(db, employee.client_id!, 4);
    const chair = await db
      .selectFrom('equipment_requests as r')
      .innerJoin('equipment_item_texts as t', (j) => j.onRef('t.item_id', '=', 'r.item_id').on('t.language', '=', 'en'))
      .select(['r.unit_price_cents', 'r.quantity', 'r.currency'])
      .where('r.user_id', '=', employee.id)
      .where('t.name', '=', CHAIR)
      .executeTakeFirstOrThrow();
    const page = await signedIn(ACCOUNTS.manager);
    await page.goto('/user/program-overview');
    const panel = page.getByRole('region', { name: 'Risk reduction after actions' });
    await panel.getByRole('list', { name: 'Risk reduction after actions' }).waitFor();
    const moved = panel.locator('[data-outcome="moved_out_of_high_risk"]');
    // The employee and the four colleagues; the stand, approved but not delivered, costs nothing yet.
    expect((await moved.locator('.headline-value').textContent())!.trim()).toBe('5');
    const perMove = Math.round((chair.unit_price_cents * chair.quantity) / 5 / 100);
    const cost = panel.locator('[data-outcome="cost_per_move"]');
    expect((await cost.locator('.headline-value').textContent())!.trim()).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: chair.currency, maximumFractionDigits: 0 }).format(perMove),
    );
    await page.context().close();
  }, 120_000);

  it('the equipment pages fit a 390 px phone', async () => {
    const manager = await signedIn(ACCOUNTS.manager, phone);
    await manager.goto('/user/equipment');
    await manager.getByRole('heading', { level: 1, name: 'Equipment' }).waitFor();
    await manager.getByText(CHAIR).first().waitFor();
    expect(await noSideScroll(manager)).toBe(true);
    await manager.context().close();

    const employee = await signedIn(ACCOUNTS.employee, phone);
    await employee.goto('/user/my-equipment');
    await employee.getByRole('heading', { level: 2, name: CHAIR, exact: true }).waitFor();
    expect(await noSideScroll(employee)).toBe(true);
    await employee.context().close();
  }, 120_000);

  it("on a phone the manager's list opens with 20 short cards and brings the rest as the manager scrolls to its end", async () => {
    const db = product.server.ctx.db;
    // Thirty more requests like the chair, so the list is longer than one phone page.
    const chair = await db
      .selectFrom('equipment_requests as r')
      .innerJoin('equipment_item_texts as t', (j) => j.onRef('t.item_id', '=', 'r.item_id').on('t.language', '=', 'en'))
      .selectAll('r')
      .where('t.name', '=', CHAIR)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = chair;
    await db
      .insertInto('equipment_requests')
      .values(Array.from({ length: 30 }, (_, i) => ({ ...copy, state: 'delivered', desk_location: `Floor 2, desk ${i + 1}` })) as never)
      .execute();
    const total = Number(
      (
        await db
          .selectFrom('equipment_requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('client_id', '=', chair.client_id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const page = await signedIn(ACCOUNTS.manager, phone);
    await page.goto('/user/equipment');
    await page.getByText(`${total} requests`, { exact: true }).waitFor();
    const cards = page.locator('.admin-grid .grid-row');
    await expect.poll(() => cards.count()).toBe(20);
    // Two values to a line under the employee: the item and its category side by side.
    const first = cards.first();
    const [item, category] = [
      await first.locator('[data-col-id="item"]').boundingBox(),
      await first.locator('[data-col-id="category"]').boundingBox(),
    ];
    expect(Math.abs(item!.y - category!.y)).toBeLessThan(2);
    expect(category!.x).toBeGreaterThan(item!.x + item!.width - 1);
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThan(20);
    await page.locator('.admin-grid').evaluate((g) => g.scrollIntoView({ block: 'end' }));
    await expect
      .poll(
        async () => {
          await cards.last().scrollIntoViewIfNeeded();
          return cards.count();
        },
        { timeout: 20_000 },
      )
      .toBe(total);
    expect(await noSideScroll(page)).toBe(true);
    await page.context().close();
  }, 120_000);
});
