import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';

/**
 * SPEC §2: the interface speaks the reader's language, also where the server's message has variable
 * parts (sent as a code and parameters beside its English, src/shared/server-messages.ts) and in the
 * grid's own words. An administrator whose profile language is German imports a CSV file with bad rows.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
  await product.server.ctx.db.updateTable('users').set({ language: 'de' }).where('email', '=', ACCOUNTS.admin).execute();
});
afterAll(async () => {
  await product?.close();
});

describe('SPEC §2 server messages with variable parts and the grid’s words in the profile language', () => {
  it('shows the import’s row problems, a refused notification, the grid’s screen-reader hint and a per-language page title in German', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);

    await page.goto('/admin/import_users');
    await page.getByRole('heading', { level: 1, name: 'Benutzer importieren' }).waitFor();
    const file = [
      'first_name,last_name,email,role,client,region',
      'Nora,Quinn,nora.quinn@northwind.example,Pilot,NW01,',
      'Olaf,Berg,olaf.berg@northwind.example,Employee,NW01,Mars',
    ].join('\r\n');
    await page.getByLabel(/^Importdatei/).setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Datei prüfen' }).click();
    await page.getByText('2 Zeilen haben Fehler.', { exact: false }).waitFor();
    const problems = await page.getByRole('table', { name: /./ }).locator('tbody tr td:nth-child(3)').allInnerTexts();
    console.log('import row problems in German:', problems.join(' | '));
    expect(problems).toEqual(['Unbekannte Rolle: Pilot', 'Die Region Mars ist keine Region von Northwind']);

    // A refusal shown as a toast: the server's English beside a code, worded in German.
    await page.goto('/admin/send_notification');
    await page.getByLabel(/^Empfänger/).fill('nobody@nowhere.example');
    await page.getByLabel(/^Betreff/).fill('Pause');
    await page.getByLabel(/^Inhalt/).fill('Bitte eine Pause machen.');
    await page.getByRole('button', { name: 'Benachrichtigung senden' }).click();
    await page.getByText('Diese E-Mail-Adressen gehören zu keinen aktiven Benutzern: nobody@nowhere.example').waitFor();

    // The grid's own words: a sortable column heading's hint, announced when its sort button takes the focus.
    await page.goto('/admin/all_users');
    await page.getByRole('heading', { level: 1, name: 'Alle Benutzer' }).waitFor();
    const sortButton = page.getByRole('columnheader', { name: 'Nachname' }).getByRole('button');
    await sortButton.focus();
    const hint = page.locator(`[id="${await sortButton.getAttribute('aria-describedby')}"]`);
    await expect.poll(() => hint.textContent()).toContain('Zum Sortieren die EINGABETASTE drücken');
    expect(await hint.textContent()).not.toContain('Press ENTER');

    // A per-language client wording page: its title in German, the language by its own name.
    const client = await product.server.ctx.db
      .selectFrom('clients')
      .select('id')
      .where('company_code', '=', 'NW01')
      .executeTakeFirstOrThrow();
    await page.goto(`/admin/edit_client/ergo-eval/es/${client.id}`);
    await page.getByRole('heading', { level: 1, name: 'Texte der Bewertungsanfrage (Español): Northwind' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/ - Texte der Ergonomie-Bewertung \(Español\)$/);
    await context.close();
  });
});
