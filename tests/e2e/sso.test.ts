import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { configureSso, type SsoWorld } from '../helpers/sso-setup';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

let product: Product;
let world: SsoWorld;
beforeAll(async () => {
  product = await startProduct();
  world = await configureSso(product.server);
});
afterAll(async () => {
  await world?.provider.close();
  await product?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options(AXE_OPTIONS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('single sign-on in the browser (SPEC §2 Login routes, §4)', () => {
  it('signs in at the provider (login page, consent) and lands on the portal; logout then goes home', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto('/user/login');
    await page.getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('link', { name: /company account \(SSO\)/ }).click();
    await page.waitForURL('**/user/sso-login');
    await page.getByLabel('Work email').fill('jordan.price@northwind.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The provider's own login page.
    await page.waitForURL((url) => url.origin === world.provider.issuer && url.pathname.startsWith('/interaction/'));
    await page.getByPlaceholder('Enter any login').fill('jordan.price@northwind.example');
    await page.getByPlaceholder('and password').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    // Its consent page.
    await page.waitForURL((url) => url.origin === world.provider.issuer && url.pathname.startsWith('/interaction/'));
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back on the portal, on this employee's landing page with the client's menu.
    await page.waitForURL((url) => url.origin === product.server.url && url.pathname === '/user');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ergo Essentials' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('loginType'))).toBe('1');
    const me = await page.evaluate(async () => (await fetch('/blogs/api/get-user', { credentials: 'include' })).status);
    expect(me).toBe(200);
    // A person new to the portal has no region yet: the region popup asks first (SPEC §2 Popups).
    const regionPopup = page.getByRole('dialog', { name: 'Choose your region' });
    await regionPopup.getByLabel('Region').selectOption('Europe');
    await regionPopup.getByRole('button', { name: 'Save' }).click();
    await regionPopup.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /jordan/i }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    // SPEC §4: after a single sign-on (login type 1) logout goes to the home page.
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('an unknown domain reaches the SSO error page; a shared domain asks for the company first', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await page.goto('/user/sso-login');
    await page.getByRole('button', { name: 'Ok' }).click();
    await page.getByLabel('Work email').fill('someone@unknown-company.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/user/sso-login-error/unknown-domain');
    await page.getByRole('alert').filter({ hasText: 'Single sign-on is not set up for this e-mail domain' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Try single sign-on again' }).click();
    await page.getByLabel('Work email').fill('pat.lee@shared.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/user/select-client/shared.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Client is required').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Northwind').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === world.provider.issuer);
    await context.close();
  });

  it('an SSO user who may work for two clients chooses client and region first; Cancel ends the pending sign-in', async () => {
    const db = product.server.ctx.db;
    const employee = await db.selectFrom('roles').select('id').where('name', '=', 'Employee').executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        first_name: 'Morgan',
        last_name: 'Multi',
        email: 'morgan.multi@northwind.example',
        password_hash: null,
        client_id: world.northwindId,
        role_id: employee.id,
        region: 'Europe',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_clients').values({ user_id: user.id, client_id: world.contosoId }).execute();
    const context = await product.newContext();
    const page = await context.newPage();
    const signInWithSso = async (atProvider: boolean) => {
      await page.goto('/user/sso-login');
      if (atProvider) await page.getByRole('button', { name: 'Ok' }).click();
      await page.getByLabel('Work email').fill('morgan.multi@northwind.example');
      await page.getByRole('button', { name: 'Continue' }).click();
      if (atProvider) {
        await page.waitForURL((url) => url.origin === world.provider.issuer);
        await page.getByPlaceholder('Enter any login').fill('morgan.multi@northwind.example');
        await page.getByPlaceholder('and password').fill('any-password');
        await page.getByRole('button', { name: 'Sign-in' }).click();
        await page.getByRole('button', { name: 'Continue' }).click();
      }
      await page.waitForURL((url) => url.origin === product.server.url && url.pathname === '/user/select-client');
    };
    await signInWithSso(true);
    const popup = page.getByRole('dialog', { name: 'Switch Client' });
    await popup.getByRole('button', { name: 'Cancel' }).click();
    // remove-user answered delete 1: the pending sign-in is gone and the person starts again.
    await page.waitForURL('**/user/sso-login');
    expect(await page.evaluate(async () => (await fetch('/blogs/api/get-user', { credentials: 'include' })).status)).toBe(401);
    // The provider remembers the person and their consent, so it answers at once this time.
    await signInWithSso(false);
    await popup.getByLabel('Contoso').check();
    await popup.getByRole('button', { name: 'Change Client' }).waitFor();
    await popup.getByRole('button', { name: 'Login' }).click();
    await popup.getByText('Region is required').waitFor();
    await popup.getByLabel('Region').selectOption('Europe');
    await popup.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/user');
    const me = await page.evaluate(
      async () => (await (await fetch('/blogs/api/get-user', { credentials: 'include' })).json()) as { success: boolean },
    );
    expect(me.success).toBe(true);
    const family = await db
      .selectFrom('refresh_families')
      .select('client_id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(family.client_id).toBe(world.contosoId);
    await context.close();
  });

  it("an administrator edits a client's SSO configuration without ever seeing the secret", async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/sso_configuration');
    await page.getByRole('heading', { level: 1, name: 'SSO Configuration' }).waitFor();
    await page.locator('#root_client_id').selectOption({ label: 'Northwind' });
    const issuer = page.getByLabel(/^Issuer URL/);
    await expect.poll(() => issuer.inputValue()).toBe(world.provider.issuer);
    expect(await page.getByLabel(/^Client secret/).inputValue()).toBe('');
    await page.getByText('A secret is stored and is never shown. Leave empty to keep it.').waitFor();
    expect(await page.content()).not.toContain(world.provider.clients['northwind-portal']);
    const domains = page.getByLabel(/^E-mail domains/);
    await domains.fill('northwind.example, not a domain');
    await page.getByText('Please enter a valid domain name: not a domain').waitFor();
    await domains.fill('northwind.example, shared.example, northwind.co.uk');
    await page.getByRole('button', { name: 'Save SSO configuration' }).click();
    await page.getByText('The SSO configuration has been saved.').waitFor();
    const row = await product.server.ctx.db
      .selectFrom('sso_configurations')
      .select(['domains', 'client_secret_encrypted'])
      .where('client_id', '=', world.northwindId)
      .executeTakeFirstOrThrow();
    expect(row.domains).toEqual(['northwind.example', 'shared.example', 'northwind.co.uk']);
    expect(row.client_secret_encrypted).toBeTruthy();
    await context.close();
  });
});
