import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

describe('admin center: users', () => {
  it('lists users from the server, filters them, and adds a user through the generated form', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL('**/admin/all_users');
    await page.getByText('12 users').waitFor();
    await page.getByRole('gridcell', { name: 'employee@arcadia.example', exact: true }).waitFor();
    await page.getByLabel('Search name or e-mail').fill('fabrikam');
    await page.getByText('1 user', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Add user' }).click();
    await page.waitForURL('**/admin/add_user');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('First Name field is required').waitFor();
    await page.getByText('Email field is required').waitFor();
    await page.getByLabel('First Name').fill('A'.repeat(21));
    await page.getByText('First Name may not be greater than 20 characters').waitFor();
    await page.getByLabel('First Name').fill('Nora');
    await page.getByLabel('Last Name').fill('Quinn');
    await page.getByLabel('Email').fill('nora.quinn@northwind.example');
    await page.getByRole('combobox', { name: /^User Role/ }).selectOption({ label: 'Employee' });
    await page.getByRole('combobox', { name: /^Client/ }).selectOption({ label: 'Northwind' });
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByText('Use 15 or more characters.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL('**/admin/all_users');
    await page.getByText('13 users').waitFor();
    await page.getByRole('gridcell', { name: 'nora.quinn@northwind.example', exact: true }).waitFor();
    const mail = await product.server.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', 'nora.quinn@northwind.example')
      .executeTakeFirst();
    expect(mail?.subject).toBe('Your ErgoPortal account');
    await context.close();
  });
});

describe('admin center: audit log', () => {
  it('shows entries filtered by action, each action in words with its code, and the state of the hash chain', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    // The landing page is ready (the session loader no longer covers the menu) before the click.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // A user update, for the log to word (SPEC §2 /admin/audit-log-viewer).
    const user = await product.server.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'employee@arcadia.example')
      .executeTakeFirstOrThrow();
    await page.goto(`/admin/edit_user/${user.id}`);
    await page.getByLabel('Last Name').fill('Renamed');
    await page.getByRole('button', { name: 'Save user' }).click();
    await page.waitForURL('**/admin/all_users');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL('**/admin/audit-log-viewer');
    await page.getByText(/Hash chain verified: \d+ entries intact\./).waitFor();
    // The filter offers the actions in words; the grid shows the words with the code below them.
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'User changed' });
    await page.getByRole('gridcell', { name: 'User changed user.updated' }).first().waitFor();
    expect(await page.getByRole('gridcell', { name: /Signed in/ }).count()).toBe(0);
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Signed in' });
    await page.getByRole('gridcell', { name: 'Signed in login.success' }).first().waitFor();
    expect(await page.getByRole('gridcell', { name: /login\.failure/ }).count()).toBe(0);
    await context.close();
  });
});

describe('roles (Super_admin only)', () => {
  it("edits a role's permission matrix", async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.superAdmin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users Role' }).click();
    await page.waitForURL('**/user/roles');
    await page.getByRole('link', { name: 'Edit Video Viewer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Role' }).waitFor();
    await page.getByLabel('Role Name').fill('');
    await page.getByText('Role Name field is required').waitFor();
    await page.getByLabel('Role Name').fill('Video Viewer');
    await page.getByRole('checkbox', { name: /dashboard-pages-employee-help-center-view/ }).check();
    await page.getByRole('button', { name: 'Save role' }).click();
    await page.waitForURL((url) => url.pathname === '/user/roles');
    await page.getByRole('row', { name: /Video Viewer .* 2/ }).waitFor();
    await context.close();
  });
});

describe('admin center: e-mail templates', () => {
  it('validates, previews with escaped variables and saves a template', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Email Templates' }).click();
    // A template the portal sends reads by its words, its stored name small below them.
    await page.getByRole('gridcell', { name: 'Password reset password_reset', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Add template' }).click();
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('Name field is required').waitFor();
    await page.getByText('Subject field is required').waitFor();
    await page.getByLabel('Name').fill('quarterly_reminder');
    await page.getByLabel('Subject').fill('Time for your check-up, {{first_name}}');
    await page.getByLabel('Content').fill('Hello {{first_name}} at {{company_name}}, take your self-assessment again.');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Subject: Time for your check-up, Erin').waitFor();
    await page.getByText('Hello Erin at Northwind <Traders>, take your self-assessment again.').waitFor();
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('gridcell', { name: 'quarterly_reminder', exact: true }).waitFor();
    await context.close();
  });
});
