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

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options(AXE_OPTIONS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('public pages carry real content and pass axe', () => {
  it.each([
    ['/', 'Work comfortably, wherever you work'],
    ['/self-assessments', 'Self-assessments'],
    ['/online-solutions', 'Self-assessments'],
    ['/privacy_policy', 'Privacy Policy'],
    ['/user/login', 'Sign in'],
  ])('%s', async (path, heading) => {
    const context = await product.newContext();
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('guidance for a signed-in employee', () => {
  it('shows the employee home, a guide with its blocks, and a stretch routine with a timer', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Erin' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /^Office/ }).click();
    await page.waitForURL('**/user/work_from_office');
    await page.getByRole('heading', { level: 1, name: 'Work from the office' }).waitFor();
    await page.getByRole('link', { name: 'keyboard and mouse' }).click();
    await page.waitForURL('**/user/keyboard_&_mouse');
    await page.getByRole('heading', { level: 2, name: "Don't" }).waitFor();
    await page.goto('/user/everyday_stretches');
    await page.getByText(/Now: Chin tuck, 15 s left \(1 of 6\)/).waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the contact form', () => {
  it('validates on input and sends an enquiry', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Learn more' }).waitFor();
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name field is required').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Robin Diaz');
    await page.getByLabel('Email', { exact: true }).fill('robin@');
    await page.getByText('Email must be a valid email address').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('robin@globex.example');
    await page.getByLabel('Message', { exact: true }).fill('Please tell us about onsite days for our labs.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you. We will reply within one business day.').waitFor();
    const stored = await product.server.ctx.db.selectFrom('contact_enquiries').select('email').execute();
    expect(stored.map((r) => r.email)).toContain('robin@globex.example');
    await context.close();
  });
});

describe('pre-rendered public pages', () => {
  it('serve their own title, description and content as HTML before any script runs', async () => {
    for (const [path, title, heading] of [
      ['/self-assessments', 'ErgoPortal - Self-Assessments', 'Self-assessments'],
      ['/privacy_policy', 'ErgoPortal - Privacy Policy', 'Privacy Policy'],
      ['/', 'ErgoPortal | Workplace ergonomics self-service', 'Work comfortably, wherever you work'],
    ]) {
      const html = await (await fetch(`${product.server.url}${path}`)).text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toContain(`<h1>${heading}</h1>`);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
    }
    const other = await (await fetch(`${product.server.url}/user/profile`)).text();
    expect(other).toContain('<div id="root"></div>');
    const traversal = await fetch(`${product.server.url}/..%2F..%2Fetc%2Fpasswd`);
    expect(await traversal.text()).not.toContain('root:');
  });

  it('are taken over by the application, with no JavaScript needed to read them', async () => {
    const context = await product.browser.newContext({ baseURL: product.server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/virtual-services');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Virtual ergonomic evaluations');
    await context.close();
  });
});

describe('the signed-in tour, demonstration booking and password pages', () => {
  it('tours the portal, books a live demonstration with the name and e-mail already filled in, and explains password storage', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Erin' }).waitFor();
    await page.goto('/user/demo');
    await page.getByRole('heading', { level: 1, name: 'A tour of your ergonomics portal' }).waitFor();
    expect(await page.getByText('being prepared').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'book a live demonstration' }).click();
    await page.waitForURL('**/user/demo-register');
    await page.getByRole('heading', { level: 1, name: 'Book a live demonstration' }).waitFor();
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(ACCOUNTS.employee);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toMatch(/^Erin /);
    await page.getByLabel('Message', { exact: true }).fill('Twelve of us would like a demonstration on a Tuesday morning.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you. We will reply within one business day.').waitFor();
    const stored = await product.server.ctx.db.selectFrom('contact_enquiries').select(['email', 'message']).execute();
    expect(stored).toContainEqual({ email: ACCOUNTS.employee, message: 'Twelve of us would like a demonstration on a Tuesday morning.' });
    await page.goto('/user/password_encryption');
    await page.getByRole('heading', { level: 1, name: 'How we protect your password' }).waitFor();
    await page
      .getByText(/Argon2id/)
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
