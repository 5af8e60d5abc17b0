import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';

/**
 * SPEC §2: the admin center speaks the administrator's interface language too: page headings and
 * buttons, the manifest grids' column headings, counts and filters, the manifest forms' labels,
 * options and validation messages, and the server's messages. English still reads as before.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

/** Sets the signed-in user's interface language on the profile page (the words of the current language given). */
async function chooseLanguage(page: Page, code: string, labels: { language: string; save: string }): Promise<void> {
  await page.goto('/user/profile');
  await page.getByLabel(labels.language).selectOption(code);
  await page.getByRole('button', { name: labels.save }).click();
}

/** Each column heading as a screen reader reads it: the sort mark beside it is decoration (aria-hidden). */
const columnHeadings = (page: Page) =>
  page.getByRole('columnheader').evaluateAll((cells) =>
    cells.map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return (copy.textContent ?? '').trim();
    }),
  );

describe('SPEC §2 the admin center in the interface language', () => {
  it('reads in Spanish for an administrator who chose Español, and in English again after switching back', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await chooseLanguage(page, 'es', { language: 'Language', save: 'Save profile' });
    await page.getByRole('heading', { level: 1, name: 'Tu perfil' }).waitFor();

    // The admin center's home: its heading and the cards' descriptions.
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Centro de administración' }).waitFor();
    await page.getByText('Busque, añada y edite usuarios de todos los clientes; importe y exporte CSV.').waitFor();

    // All users: heading, buttons, the grid's count, search, filters and column headings.
    await page.goto('/admin/all_users');
    await page.getByRole('heading', { level: 1, name: 'Todos los usuarios' }).waitFor();
    await page.getByText('12 usuarios', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Añadir usuario' }).waitFor();
    await page.getByRole('link', { name: 'Importar CSV' }).waitFor();
    await page.getByRole('link', { name: 'Exportar CSV' }).waitFor();
    await page.getByRole('combobox', { name: 'Estado' }).locator('option', { hasText: 'Cualquier estado' }).waitFor({ state: 'attached' });
    const headings = await columnHeadings(page);
    console.log('all users, column headings in Spanish:', headings.join(' | '));
    expect(headings).toEqual(expect.arrayContaining(['Nombre', 'Apellidos', 'Correo electrónico', 'Cliente', 'Rol', 'Región', 'Estado']));
    expect(headings).not.toContain('First Name');
    await page
      .getByRole('link', { name: /^Editar/ })
      .first()
      .waitFor();
    await page.getByLabel('Buscar nombre o correo electrónico').fill('fabrikam');
    await page.getByText('1 usuario', { exact: true }).waitFor();

    // Add client: the generated form's labels, options, buttons and a validation message.
    await page.goto('/admin/add_client');
    await page.getByRole('heading', { level: 1, name: 'Añadir cliente' }).waitFor();
    await page.getByLabel(/^Nombre de la empresa/).waitFor();
    await page
      .getByRole('combobox', { name: /^Tipo de cliente/ })
      .locator('option', { hasText: 'Pequeña empresa' })
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Añadir región' }).waitFor();
    await page.getByRole('button', { name: 'Crear cliente' }).click();
    await page.getByText('El campo Nombre de la empresa es obligatorio').first().waitFor();
    await page.getByLabel(/^Nombre de la empresa/).fill('N'.repeat(31));
    await page.getByText('Nombre de la empresa no puede tener más de 30 caracteres').waitFor();
    expect(await page.getByText('Company Name field is required').count()).toBe(0);

    // E-mail templates: the list, then the add form's labels and its validation message.
    await page.goto('/admin/email_template');
    await page.getByRole('heading', { level: 1, name: 'Plantillas de correo' }).waitFor();
    await page.getByText(/^\d+ plantillas$/).waitFor();
    expect(await columnHeadings(page)).toEqual(expect.arrayContaining(['Nombre', 'Asunto', 'Última modificación']));
    await page.getByRole('link', { name: 'Añadir plantilla' }).click();
    await page.getByRole('heading', { level: 1, name: 'Añadir plantilla de correo' }).waitFor();
    await page.getByRole('button', { name: 'Guardar plantilla' }).click();
    await page.getByText('El campo Nombre es obligatorio').waitFor();
    await page.getByRole('button', { name: 'Vista previa' }).waitFor();

    // Back to English: the same pages read as they always did.
    await chooseLanguage(page, 'en', { language: 'Idioma', save: 'Guardar perfil' });
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    await page.goto('/admin/all_users');
    await page.getByRole('heading', { level: 1, name: 'All Users' }).waitFor();
    await page.getByText('12 users', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Export CSV' }).waitFor();
    expect(await columnHeadings(page)).toEqual(expect.arrayContaining(['First Name', 'Last Name', 'Email', 'Client', 'Role']));
    await page.goto('/admin/add_client');
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.getByText('Company Name field is required').first().waitFor();
    await context.close();
  });

  it('shows roles, their form and the server message of a save in Spanish (roles are the Super Admin’s)', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.superAdmin);
    await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
    await chooseLanguage(page, 'es', { language: 'Language', save: 'Save profile' });
    await page.getByRole('heading', { level: 1, name: 'Tu perfil' }).waitFor();

    await page.goto('/user/roles');
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    await page.getByText('Todos, siempre').first().waitFor();
    expect(await columnHeadings(page)).toEqual(expect.arrayContaining(['Rol', 'Descripción', 'Permisos']));
    await page.getByRole('link', { name: 'Añadir rol' }).click();
    await page.getByRole('heading', { level: 1, name: 'Añadir rol' }).waitFor();
    await page.getByRole('button', { name: 'Crear rol' }).click();
    await page.getByText('El campo Nombre del rol es obligatorio').waitFor();
    await page.getByRole('group', { name: 'Administración' }).first().waitFor();
    // The catalogue's permission descriptions in the matrix.
    await page.getByText('Leer el registro de auditoría', { exact: true }).waitFor();
    await page.getByLabel(/^Nombre del rol/).fill('Auditor externo');
    await page.getByLabel(/^Descripción/).fill('Lee el registro de auditoría.');
    await page.getByRole('button', { name: 'Crear rol' }).click();
    // The server's English message, shown in Spanish.
    await page.getByText('Se ha creado el rol.').waitFor();
    await page.waitForURL('**/user/roles');
    await context.close();
  });
});
