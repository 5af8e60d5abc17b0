import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNTS } from '../helpers/accounts';
import { png } from '../helpers/images';
import { signIn, startProduct, type Product } from './support/product';

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

const file = (name: string, width: number, height: number) => ({ name, mimeType: 'image/png', buffer: png(width, height, [0, 85, 170]) });
/** The messages shown under one field of an RJSF form. */
const fieldErrors = (page: Page, id: string) => page.locator(`#${id}__error li`).allTextContents();
const optionLabels = (page: Page, id: string) => page.locator(`#${id} option`).allTextContents();

async function openAdmin(page: Page, path: string) {
  await signIn(page, ACCOUNTS.admin);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  await page.goto(path);
}

describe("Add User: safe defaults, RFC e-mail rules, the client's regions, and a refusal that keeps the form", () => {
  it('starts with no role or client, offers no Super Admin to an admin, and keeps the typed data on a duplicate e-mail', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await openAdmin(page, '/admin/add_user');
    await page.locator('#root_first_name').waitFor();
    expect(await page.locator('#root_role_id').inputValue()).toBe('');
    expect(await page.locator('#root_client_id').inputValue()).toBe('');
    const roles = await optionLabels(page, 'root_role_id');
    console.log('role options offered to an admin:', roles.join(', '));
    expect(roles).not.toContain('Super Admin');
    expect(roles).toContain('Employee');

    await page.locator('#root_email').fill('john..doe@example.com');
    await page.locator('#root_email').blur();
    expect(await fieldErrors(page, 'root_email')).toEqual(['Email must be a valid email address']);

    // Region: a select of the chosen client's regions, emptied when the client changes.
    expect(await page.locator('select#root_region').count()).toBe(0);
    await page.getByText('Choose a client to pick a region.').waitFor();
    await page.locator('#root_client_id').selectOption({ label: 'Fabrikam' });
    await page.locator('select#root_region').waitFor();
    expect((await optionLabels(page, 'root_region')).filter((o) => o !== 'Select a region')).toEqual(['Asia Pacific']);
    await page.locator('#root_region').selectOption({ label: 'Asia Pacific' });
    await page.locator('#root_client_id').selectOption({ label: 'Arcadia' });
    expect((await optionLabels(page, 'root_region')).filter((o) => o !== 'Select a region')).toEqual(['North America', 'Europe']);
    expect(await page.locator('#root_region').inputValue()).toBe('');
    await page.locator('#root_region').selectOption({ label: 'Europe' });
    // Europe is one of Northwind's regions too, so it stays.
    await page.locator('#root_client_id').selectOption({ label: 'Northwind' });
    expect((await optionLabels(page, 'root_region')).filter((o) => o !== 'Select a region')).toEqual([
      'North America',
      'Europe',
      'Asia Pacific',
    ]);
    expect(await page.locator('#root_region option:checked').textContent()).toBe('Europe');

    await page.locator('#root_first_name').fill('Erin');
    await page.locator('#root_last_name').fill('Again');
    await page.locator('#root_email').fill(ACCOUNTS.employee);
    await page.locator('#root_role_id').selectOption({ label: 'Employee' });
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.locator('.error-detail', { hasText: 'The email has already been taken.' }).waitFor();
    expect(await fieldErrors(page, 'root_email')).toEqual(['The email has already been taken.']);
    // The control is marked invalid and names its message (WCAG 2.2 SC 3.3.1, 4.1.2).
    expect(await page.locator('#root_email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#root_email').getAttribute('aria-describedby')).toContain('root_email__error');
    expect(await page.locator('#root_first_name').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#root_first_name').inputValue()).toBe('Erin');
    expect(await page.locator('#root_last_name').inputValue()).toBe('Again');
    expect(await page.locator('#root_email').inputValue()).toBe(ACCOUNTS.employee);
    expect(await page.locator('#root_region').inputValue()).not.toBe('');
    const shown = await page.locator('.error-detail').allTextContents();
    console.log('messages after the refused save:', shown);
    expect(shown).toEqual(['The email has already been taken.']);
    // Named under its field, the refusal is not repeated beside the button.
    expect(await refusal(page)).toBe('');

    // Correcting the field clears the server's message and the save goes through.
    await page.locator('#root_email').fill('erin.again@northwind.example');
    expect(await page.locator('.error-detail').allTextContents()).toEqual([]);
    expect(await page.locator('#root_email').getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL('**/admin/all_users');
    const saved = await product.server.ctx.db
      .selectFrom('users')
      .select(['region', 'first_name'])
      .where('email', '=', 'erin.again@northwind.example')
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ region: 'Europe', first_name: 'Erin' });
    await context.close();
  });
});

describe('Add Client: only acceptable default roles, and a duplicate code that keeps the form', () => {
  it('offers no admin role as default and keeps name, images and choices when the code is taken', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await openAdmin(page, '/admin/add_client');
    await page.locator('#root_company_name').waitFor();
    expect(await page.locator('#root_default_user_role').inputValue()).toBe('');
    const roles = await optionLabels(page, 'root_default_user_role');
    console.log('default role options:', roles.join(', '));
    expect(roles).not.toContain('Administrator');
    expect(roles).not.toContain('Super Admin');
    expect(roles).toContain('Employee');

    await page.locator('#root_company_name').fill('Initech');
    await page.locator('#root_company_code').fill('nw01');
    await page.locator('#root_client_type').selectOption({ label: 'Enterprise' });
    await page.locator('#root_status').selectOption({ label: 'Active' });
    await page.locator('#root_default_user_role').selectOption({ label: 'Employee' });
    await page.locator('#root_report_type').selectOption({ label: 'Summary' });
    await page.locator('#root_logo_file').setInputFiles(file('initech-logo.png', 160, 48));
    await page.locator('#root_banner_image').setInputFiles(file('initech-banner.png', 800, 200));
    await page.locator('#root_work_area').getByRole('checkbox', { name: 'Office', exact: true }).check();
    expect(await page.locator('.error-detail').allTextContents()).toEqual([]);
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.locator('.error-detail', { hasText: 'The company code has already been taken.' }).waitFor();
    expect(await fieldErrors(page, 'root_company_code')).toEqual(['The company code has already been taken.']);
    const shown = await page.locator('.error-detail').allTextContents();
    console.log('messages after the refused save:', shown);
    expect(shown).toEqual(['The company code has already been taken.']);
    expect(await page.locator('#root_company_name').inputValue()).toBe('Initech');
    expect(await page.locator('#root_default_user_role').inputValue()).not.toBe('');
    expect(await page.locator('#root_work_area').getByRole('checkbox', { name: 'Office', exact: true }).isChecked()).toBe(true);

    // The images are still there: changing only the code saves the client with them.
    await page.locator('#root_company_code').fill('INI1');
    expect(await page.locator('.error-detail').allTextContents()).toEqual([]);
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.waitForURL('**/admin/all_clients');
    const client = await product.server.ctx.db
      .selectFrom('clients')
      .select('id')
      .where('company_code', '=', 'INI1')
      .executeTakeFirstOrThrow();
    const images = await product.server.ctx.db
      .selectFrom('client_images')
      .select('file_name')
      .where('client_id', '=', client.id)
      .orderBy('kind')
      .execute();
    expect(images.map((i) => i.file_name)).toEqual(['initech-banner.png', 'initech-logo.png']);
    await context.close();
  });
});

/** The refusal a form shows beside its button (a message that names no field). */
const refusal = (page: Page) => page.locator('.manifest-form [role="alert"]').textContent();

describe('User Group: a refusal that keeps the form, then the list it was reached from', () => {
  it('shows the required marks as invalid, keeps name, client and members when a member is refused, and lands on All User Groups', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await openAdmin(page, '/admin/user_group');
    await page.locator('#root_name').waitFor();
    await page.getByRole('button', { name: 'Save group' }).click();
    expect(await fieldErrors(page, 'root_name')).toEqual(['Name field is required']);
    expect(await page.locator('#root_name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#root_client_id').getAttribute('aria-invalid')).toBe('true');

    await page.locator('#root_name').fill('Refused members');
    await page.locator('#root_client_id').selectOption({ label: 'Northwind' });
    await page.locator('#root_members').fill(ACCOUNTS.arcadiaEmployee);
    expect(await page.locator('#root_name').getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Save group' }).click();
    const message = `These e-mail addresses are not users of this client: ${ACCOUNTS.arcadiaEmployee}`;
    await page.locator('.manifest-form [role="alert"]', { hasText: message }).waitFor();
    expect(await refusal(page)).toBe(message);
    expect(await page.locator('#root_name').inputValue()).toBe('Refused members');
    expect(await page.locator('#root_client_id option:checked').textContent()).toBe('Northwind');
    expect(await page.locator('#root_members').inputValue()).toBe(ACCOUNTS.arcadiaEmployee);
    expect(await page.getByRole('button', { name: 'Save group' }).isEnabled()).toBe(true);

    await page.locator('#root_members').fill(ACCOUNTS.employee);
    await page.getByRole('button', { name: 'Save group' }).click();
    // The manifest's after_save: user-group.yaml names all_user_group.
    await page.waitForURL('**/admin/all_user_group');
    await page.getByRole('row', { name: /Refused members Northwind 1/ }).waitFor();
    await context.close();
  });
});

describe('Permission: a name already in the catalogue is refused without losing the form', () => {
  it('keeps name and description on the refusal, sends one request for a double click, and lands on Permissions', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.superAdmin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await page.goto('/admin/add_Permission');
    await page.locator('#root_name').waitFor();
    await page.locator('#root_name').fill('users-view');
    await page.locator('#root_description').fill('A second users-view');
    await page.getByRole('button', { name: 'Save permission' }).click();
    await page.locator('.error-detail', { hasText: 'A permission with this name already exists.' }).waitFor();
    expect(await fieldErrors(page, 'root_name')).toEqual(['A permission with this name already exists.']);
    expect(await refusal(page)).toBe('');
    expect(await page.locator('#root_name').inputValue()).toBe('users-view');
    expect(await page.locator('#root_description').inputValue()).toBe('A second users-view');

    await page.locator('#root_name').fill('refusal-checked');
    let creates = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/permissions')) creates += 1;
    });
    await page.getByRole('button', { name: 'Save permission' }).dblclick();
    // The manifest's after_save: permission.yaml names all_permissions.
    await page.waitForURL('**/admin/all_permissions');
    expect(creates).toBe(1);
    const saved = await product.server.ctx.db
      .selectFrom('custom_permissions')
      .select('name')
      .where('name', '=', 'refusal-checked')
      .execute();
    expect(saved).toHaveLength(1);
    await context.close();
  });
});

/** Signs in as the Super_admin (the roles pages are theirs) and opens a page. */
async function openAsSuperAdmin(page: Page, path: string) {
  await signIn(page, ACCOUNTS.superAdmin);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  await page.goto(path);
}

describe('Role: a taken name is refused under Role Name, the matrix and description kept', () => {
  it('keeps name, description and the granted permissions, then saves and lands on Roles', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await openAsSuperAdmin(page, '/user/roles/add');
    await page.locator('#root_name').waitFor();
    await page.locator('#root_name').fill('EMPLOYEE');
    await page.locator('#root_description').fill('Staff of the night shift.');
    await page.getByRole('checkbox', { name: /^site-video-page-only-view / }).check();
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.locator('.error-detail', { hasText: 'The Role Name has already been taken.' }).waitFor();
    expect(await fieldErrors(page, 'root_name')).toEqual(['The Role Name has already been taken.']);
    expect(await page.locator('#root_name').getAttribute('aria-invalid')).toBe('true');
    expect(await refusal(page)).toBe('');
    expect(await page.locator('#root_name').inputValue()).toBe('EMPLOYEE');
    expect(await page.locator('#root_description').inputValue()).toBe('Staff of the night shift.');
    expect(await page.getByRole('checkbox', { name: /^site-video-page-only-view / }).isChecked()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/user/roles/add');

    await page.locator('#root_name').fill('Night Shift');
    expect(await fieldErrors(page, 'root_name')).toEqual([]);
    await page.getByRole('button', { name: 'Create role' }).click();
    // The manifest's after_save: role.yaml names roles.
    await page.waitForURL('**/user/roles');
    const role = await product.server.ctx.db
      .selectFrom('roles')
      .innerJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
      .select('role_permissions.permission')
      .where('roles.display_name', '=', 'Night Shift')
      .execute();
    expect(role.map((r) => r.permission)).toEqual(['site-video-page-only-view']);
    await context.close();
  });
});

describe('E-mail template: a taken name is refused under Name, subject and content kept', () => {
  it('keeps what was typed and saves once the name is free', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await openAdmin(page, '/admin/add_new_template');
    await page.locator('#root_name').waitFor();
    await page.locator('#root_name').fill('password_reset');
    await page.locator('#root_subject').fill('Your check-up, {{first_name}}');
    await page.locator('#root_content').fill('Hello {{first_name}}, it is time again.');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.locator('.error-detail', { hasText: 'A template with this name already exists.' }).waitFor();
    expect(await fieldErrors(page, 'root_name')).toEqual(['A template with this name already exists.']);
    expect(await refusal(page)).toBe('');
    expect(await page.locator('#root_subject').inputValue()).toBe('Your check-up, {{first_name}}');
    expect(await page.locator('#root_content').inputValue()).toBe('Hello {{first_name}}, it is time again.');

    await page.locator('#root_name').fill('check_up_again');
    await page.getByRole('button', { name: 'Save template' }).click();
    // The manifest's after_save: email-template.yaml names email_template.
    await page.waitForURL('**/admin/email_template');
    await page.getByRole('gridcell', { name: 'check_up_again', exact: true }).waitFor();
    await context.close();
  });
});

describe('Blog post: a taken address is refused under Address, the post kept as typed', () => {
  it('keeps title, summary, content and the draft state, and saves under another address', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await openAdmin(page, '/admin/blog/new');
    await page.locator('#root_title').waitFor();
    await page.locator('#root_title').fill('Too many meetings again');
    await page.locator('#root_slug').fill('too-many-meetings');
    await page.locator('#root_summary').fill('Meetings, once more.');
    await page.locator('#root_body').fill('Stand up **between** meetings.');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.error-detail', { hasText: 'A post with this address already exists.' }).waitFor();
    expect(await fieldErrors(page, 'root_slug')).toEqual(['A post with this address already exists.']);
    expect(await refusal(page)).toBe('');
    expect(await page.locator('#root_title').inputValue()).toBe('Too many meetings again');
    expect(await page.locator('#root_summary').inputValue()).toBe('Meetings, once more.');
    expect(await page.locator('#root_body').inputValue()).toBe('Stand up **between** meetings.');
    // Refused, the post is still the draft it was.
    await page.getByRole('button', { name: 'Publish' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/blog/new');

    await page.locator('#root_slug').fill('too-many-meetings-again');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/admin\/blog\/\d+$/);
    await page.getByRole('button', { name: 'Update published post' }).waitFor();
    const post = await product.server.ctx.db
      .selectFrom('blog_posts')
      .select(['status', 'title'])
      .where('slug', '=', 'too-many-meetings-again')
      .executeTakeFirstOrThrow();
    expect(post).toEqual({ status: 'published', title: 'Too many meetings again' });
    await context.close();
  });
});

describe('User import: a file refused as a whole is refused under Import file, the file kept', () => {
  it('names the problem under the field, keeps the chosen file, and checks the next one', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await openAdmin(page, '/admin/import_users');
    await page.locator('#root_import_file').waitFor();
    const header = 'first_name,last_name,email,role,client,region';
    await page.locator('#root_import_file').setInputFiles({ name: 'header-only.csv', mimeType: 'text/csv', buffer: Buffer.from(header) });
    await page.getByRole('button', { name: 'Check file' }).click();
    const message = 'The CSV file has no users: it needs a header row and at least one user.';
    await page.locator('.error-detail', { hasText: message }).waitFor();
    expect(await fieldErrors(page, 'root_import_file')).toEqual([message]);
    expect(await refusal(page)).toBe('');
    // The chosen file is still the form's: its name is shown and checking it again sends it again.
    await page.locator('.manifest-form', { hasText: 'header-only.csv' }).waitFor();
    expect(await page.getByRole('button', { name: 'Check file' }).isEnabled()).toBe(true);

    const file = `${header}\r\nNora,Quinn,nora.quinn.import@northwind.example,Employee,NW01,Europe\r\n`;
    await page.locator('#root_import_file').setInputFiles({ name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    // The new file is read before the form takes it; its problem goes with the old file.
    await expect.poll(() => fieldErrors(page, 'root_import_file')).toEqual([]);
    await page.getByRole('button', { name: 'Check file' }).click();
    await page.getByText('1 user ready to import.').waitFor();
    await page.getByRole('button', { name: 'Import 1 user' }).click();
    // The manifest's after_save: user-import.yaml names all_users.
    await page.waitForURL('**/admin/all_users');
    await context.close();
  });
});

describe('Video: a save the server refuses keeps the form open with what was typed', () => {
  it('shows the refusal of a video removed meanwhile beside the button, the values kept', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await openAdmin(page, '/admin/videos');
    await page.getByRole('button', { name: 'Add video' }).click();
    const added = page.getByRole('group', { name: 'Add a video' });
    await added.locator('#root_title').fill('Wrist rest');
    // The browser checks the same rules as the server before sending (SPEC §5): a wrong address never leaves it.
    await added.locator('#root_url').fill('https://example.com/wrist');
    await added.locator('#root_category').selectOption('Workstation set-up');
    await page.getByRole('button', { name: 'Add video' }).click();
    expect(await fieldErrors(page, 'root_url')).toEqual(['Please enter a valid YouTube, Vimeo or Wistia video URL.']);
    await added.locator('#root_url').fill('https://vimeo.com/76979871');
    await page.getByRole('button', { name: 'Add video' }).click();
    await page.getByRole('gridcell', { name: 'Wrist rest', exact: true }).waitFor();

    await page.getByLabel('Search title').fill('wrist rest');
    await page.getByRole('button', { name: 'Edit Wrist rest' }).click();
    const edited = page.getByRole('group', { name: 'Edit Wrist rest' });
    await edited.locator('#root_title').fill('Wrist rest, soft');
    await edited.locator('#root_description').fill('Rest between typing, not while typing.');
    // Another administrator removes the video while this one edits it.
    await product.server.ctx.db.deleteFrom('videos').where('title', '=', 'Wrist rest').execute();
    await page.getByRole('button', { name: 'Save video' }).click();
    await page.locator('.manifest-form [role="alert"]', { hasText: 'Video not found.' }).waitFor();
    expect(await edited.locator('#root_title').inputValue()).toBe('Wrist rest, soft');
    expect(await edited.locator('#root_description').inputValue()).toBe('Rest between typing, not while typing.');
    expect(await page.getByRole('button', { name: 'Save video' }).isEnabled()).toBe(true);
    await context.close();
  });
});
