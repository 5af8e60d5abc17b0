/**
 * The smaller things a new customer trips over: admin grids that cut off e-mails and roles, colour
 * pickers without their colour, an unlabelled add button, the roles pages without the admin sidebar,
 * contact pages that are not pre-rendered, the manager's view of one employee's reports, and a help
 * centre that promises videos it does not have.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

async function as(email: string): Promise<Page> {
  const context = await product.browser.newContext({ baseURL: product.server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

describe('admin screens', () => {
  it('the users grid shows whole e-mails and roles beside a narrow Edit column', async () => {
    const page = await as(ACCOUNTS.superAdmin);
    await page.goto('/admin/all_users');
    await page.locator('td[data-col-id="email"]').first().waitFor();
    const cut = await page.locator('td[data-col-id="email"], td[data-col-id="role"]').evaluateAll((cells) =>
      cells
        .filter((c) => {
          const text = c.querySelector('.grid-value') ?? c;
          return text.scrollWidth > text.clientWidth + 1;
        })
        .map((c) => c.textContent),
    );
    const edit = await page.locator('th[data-col-id]', { hasText: 'Edit' }).evaluate((h) => h.getBoundingClientRect().width);
    console.log(`users grid: ${cut.length} truncated e-mail or role cells; Edit column ${Math.round(edit)} px`);
    expect(cut).toEqual([]);
    expect(edit).toBeLessThanOrEqual(100);
    await page.context().close();
  });

  it('the client form shows its colours and labels the Regions add button', async () => {
    const page = await as(ACCOUNTS.superAdmin);
    const id = (await product.server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow())
      .id;
    await page.goto(`/admin/edit_client/${id}`);
    const picker = page.getByLabel('Primary colour');
    await picker.waitFor();
    // The swatch is what is left inside the padding: it must be large enough to show the colour.
    const swatch = await picker.evaluate((input) => {
      const style = getComputedStyle(input);
      const box = input.getBoundingClientRect();
      return {
        width: box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        height: box.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
      };
    });
    console.log(`colour swatch ${Math.round(swatch.width)} × ${Math.round(swatch.height)} px`);
    expect(swatch.height).toBeGreaterThanOrEqual(24);
    expect(swatch.width).toBeGreaterThanOrEqual(40);
    expect(await page.getByRole('button', { name: 'Add region' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('the roles pages keep the admin sidebar', async () => {
    const page = await as(ACCOUNTS.superAdmin);
    const role = (await product.server.ctx.db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow()).id;
    for (const path of ['/user/roles', '/user/roles/add', `/user/roles/edit/${role}`]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users Role' }).waitFor();
    }
    await page.context().close();
  });
});

describe('public pages', () => {
  it('/learn-more and /contact arrive pre-rendered, with the contact form', async () => {
    for (const path of ['/learn-more', '/contact']) {
      const html = await (await fetch(`${product.server.url}${path}`)).text();
      expect(html, path).toMatch(/<h1>[^<]+<\/h1>/);
      expect(html, path).toContain('Send us a message');
      expect(html, path).toContain('<title>ErgoPortal - Learn More</title>');
    }
  });
});

describe("a manager opens one employee's reports", () => {
  it("sees the reports of their own company's employee and a clear state for anyone else", async () => {
    const page = await as(ACCOUNTS.manager);
    await page.goto(`/user/my-reports/${ACCOUNTS.employee}`);
    await page.getByRole('heading', { name: /^Reports of / }).waitFor();
    expect(await seriousAxe(page)).toEqual([]);
    for (const other of ['nobody@nowhere.example', ACCOUNTS.contosoEmployee]) {
      await page.goto(`/user/my-reports/${other}`);
      await page.getByRole('heading', { name: 'No such employee' }).waitFor();
      expect(await seriousAxe(page)).toEqual([]);
    }
    await page.context().close();
  });
});

describe('the help centre', () => {
  it('teaches each reader the pages they can open and promises no missing videos', async () => {
    for (const [email, expected, absent] of [
      [
        ACCOUNTS.employee,
        ['Reading your reports', 'Taking and retaking a self-assessment', 'Requesting a one-to-one evaluation'],
        ['The programme overview for managers'],
      ],
      [ACCOUNTS.manager, ['The programme overview for managers'], ['Reading your reports']],
    ] as const) {
      const page = await as(email);
      await page.goto('/user/help-center');
      const section = page.getByRole('region', { name: 'Dashboard tutorials' });
      await section.waitFor();
      await section.locator('.tutorials summary').first().waitFor();
      const titles = await section.locator('.tutorials summary').allTextContents();
      console.log(`${email}: ${titles.length} written tutorials: ${titles.join(', ')}`);
      for (const title of expected) expect(titles).toContain(title);
      for (const title of absent) expect(titles).not.toContain(title);
      expect(await page.getByText(/videos will appear/i).count()).toBe(0);
      await page.context().close();
    }
  });
});
