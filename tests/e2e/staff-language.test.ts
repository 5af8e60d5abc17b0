import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { seedActivity } from '../helpers/activity-fixtures';
import { seriousAxe, signedInPage } from './support/dashboards';
import { startProduct, type Product } from './support/product';

/**
 * SPEC §2: the staff pages speak the reader's language too. A programme manager and an evaluator
 * choose Deutsch on their profile; the programme overview, an activity page, employee search,
 * custom search and the evaluator page then show German headings, buttons, chart tables and status
 * labels (content/interface/de.yaml, section "staff pages"); the evaluation form and its
 * recommendation catalogue read in German too (content/evaluations/texts/de.yaml).
 */
let product: Product;

beforeAll(async () => {
  product = await startProduct();
  await seedActivity(product.server.ctx.db, 'NW01', product.server.ctx.now());
}, 120_000);
afterAll(async () => {
  await product?.close();
});

/** Signs in, chooses Deutsch on the (still English) profile page and waits for the German heading. */
async function inGerman(email: string): Promise<Page> {
  const page = await signedInPage(product, email);
  await page.goto('/user/profile');
  await page.getByLabel('Language').selectOption('de');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByRole('heading', { level: 1, name: 'Ihr Profil' }).waitFor();
  return page;
}

describe('SPEC §2 staff pages in German', () => {
  it('shows the programme manager the overview, an activity page, employee search and custom search in German', async () => {
    const page = await inGerman(ACCOUNTS.manager);

    // Programme overview: headings, a chart's table view with its caption, and request statuses.
    await page.goto('/user/program-overview');
    await page.getByRole('heading', { level: 1, name: /^Programmübersicht: / }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Teilnahme' }).waitFor();
    await page.getByRole('button', { name: 'Zahlen anzeigen' }).waitFor();
    const monthly = page.getByRole('figure', { name: 'Selbsteinschätzungen pro Monat' });
    await monthly.getByRole('button', { name: 'Als Tabelle anzeigen' }).click();
    const monthlyTable = monthly.getByRole('region', { name: 'Selbsteinschätzungen pro Monat als Tabelle' });
    await monthlyTable.getByRole('columnheader', { name: 'Monat' }).waitFor();
    expect(await monthlyTable.locator('caption').textContent()).toBe('Selbsteinschätzungen pro Monat');
    await monthlyTable
      .getByRole('button', { name: /^Datensätze anzeigen/ })
      .first()
      .waitFor();
    const requests = page.getByRole('figure', { name: 'Bewertungsanfragen nach Status' });
    await requests.getByRole('button', { name: 'Als Tabelle anzeigen' }).click();
    await requests.getByRole('rowheader', { name: 'Geplant' }).waitFor();
    await requests.getByRole('rowheader', { name: 'Abgesagt' }).waitFor();
    expect(await page.getByText('Show as table').count()).toBe(0);
    expect(await seriousAxe(page)).toEqual([]);

    // An activity page: its title, filters and figure tables with German captions and risk bands.
    await page.goto('/user/self-assessment-activity');
    await page.getByRole('heading', { level: 1, name: 'Aktivität der Selbsteinschätzungen' }).waitFor();
    await page.locator('#sa-area').selectOption({ label: 'Alle Arbeitsbereiche' });
    await page.getByRole('table', { name: 'Begonnene und eingereichte Selbsteinschätzungen pro Monat' }).waitFor();
    const bands = page.getByRole('table', { name: 'Eingereichte Selbsteinschätzungen pro Risikostufe' });
    await bands.getByRole('columnheader', { name: 'Stufe' }).waitFor();
    await bands.getByRole('rowheader', { name: 'Hohes Risiko' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Neueste Einreichungen' }).waitFor();

    // Ergo Eval Activity: evaluation statuses by their code, in German.
    await page.goto('/user/ergo-eval-activity');
    await page.getByRole('heading', { level: 1, name: 'Aktivität der Ergonomie-Bewertungen' }).waitFor();
    const statuses = page.getByRole('table', { name: 'Bewertungsberichte nach Status' });
    await statuses.getByRole('rowheader', { name: 'Abgeschlossen' }).waitFor();
    await statuses.getByRole('rowheader', { name: 'Entwurf' }).waitFor();

    // Employee search: the form and the grid's own headings.
    await page.goto('/user/employee-search');
    await page.getByRole('heading', { level: 1, name: /^Mitarbeitersuche: / }).waitFor();
    await page.getByLabel('Name oder E-Mail').waitFor();
    await page.getByRole('button', { name: 'Suchen', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: /Letzte Selbsteinschätzung/ }).waitFor();
    expect(await page.locator('label[for="f-band"]').textContent()).toBe('Letzte Risikostufe');
    expect(await page.locator('#f-band option').allTextContents()).toEqual([
      'Jede Stufe',
      'Niedriges Risiko',
      'Mittleres Risiko',
      'Hohes Risiko',
      'Noch keine Selbsteinschätzung',
    ]);

    // Custom search: the filter builder's fields and operators by key, and the saved searches.
    await page.goto('/user/custom-search-self-assessment');
    await page.getByRole('heading', { level: 1, name: 'Benutzerdefinierte Suche – Selbsteinschätzung' }).waitFor();
    await page.getByRole('button', { name: 'Bedingung hinzufügen' }).click();
    const condition = page.getByRole('group', { name: 'Bedingung 1' });
    expect(await condition.getByLabel('Feld').locator('option').first().textContent()).toBe('Name der Person');
    await condition.getByLabel('Feld').selectOption({ label: 'Risikostufe' });
    await condition.getByLabel('Operator').selectOption({ label: 'ist eines von' });
    for (const band of ['Niedrig', 'Mittel', 'Hoch']) await condition.getByRole('checkbox', { name: band }).check();
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Gespeicherte Suchen' }).waitFor();
    const results = page.getByRole('region', { name: 'Ergebnisse' });
    await results.getByRole('columnheader', { name: /Risikostufe/ }).waitFor();
    await page.getByRole('link', { name: 'Excel exportieren' }).waitFor();
    // A condition without its value is refused in German, naming the field and operator by key.
    await page.getByRole('button', { name: 'Bedingung hinzufügen' }).click();
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Bedingung 2 (Name der Person enthält): Geben Sie einen Text ein.' }).waitFor();
    expect(await seriousAxe(page)).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('shows the evaluator their page in German, with the report status label translated', async () => {
    const page = await inGerman(ACCOUNTS.evaluator);
    await page.goto('/user/evaluator');
    await page.getByRole('heading', { level: 1, name: 'Bewerter' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Ihre Kunden' }).waitFor();
    await page.getByRole('columnheader', { name: 'Offene Anfragen' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Anfragen, die auf eine Ergonomin oder einen Ergonomen warten' }).waitFor();
    await page
      .getByRole('button', { name: /^Buchen / })
      .first()
      .waitFor();
    const mine = page.locator('#inbox-drafts');
    await mine.getByText('Entwurf', { exact: true }).first().waitFor();
    await mine
      .getByRole('link', { name: /^Weiterschreiben/ })
      .first()
      .waitFor();
    expect(await page.getByText('Draft', { exact: true }).count()).toBe(0);
    expect(await seriousAxe(page)).toEqual([]);

    // A draft opens with the observation form and the recommendation catalogue in German
    // (content/evaluations/texts/de.yaml, fetched for this reader only).
    await mine
      .getByRole('link', { name: /^Weiterschreiben/ })
      .first()
      .click();
    await page.getByRole('group', { name: 'Stuhl' }).waitFor();
    const seat = page.getByLabel('Sitzhöhe', { exact: true });
    await expect.poll(() => seat.locator('option').allTextContents()).toContain('Füße erreichen den Boden nicht');
    expect(await page.getByLabel('Sitzhöhe verstellbar?').locator('option').allTextContents()).toEqual(['Nicht beobachtet', 'Ja', 'Nein']);
    expect(await page.getByLabel('Aus dem Katalog').locator('option').allTextContents()).toContain('Verwenden Sie eine Fußstütze');
    expect(await page.getByText('Seat height', { exact: true }).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
