/**
 * An employee whose profile language is Spanish (SPEC §2 profile languages) takes the Office
 * self-assessment in Spanish, reads the report and its PDF in Spanish, retakes it and sees the change.
 * The expected words are written out here, so a text that slips back to English fails.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { pdfText } from '../helpers/assessment';
import { finish, type Wording } from './support/assessment-steps';
import { signIn, startProduct, type Product } from './support/product';

const SPANISH: Wording = { next: 'Guardar y continuar', submit: 'Enviar y ver mi informe' };

let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

describe('the self-assessment in Spanish', () => {
  it('asks, reports, prints and compares in Spanish', async () => {
    await product.server.ctx.db.updateTable('users').set({ language: 'es' }).where('email', '=', ACCOUNTS.fabrikamEmployee).execute();
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.fabrikamEmployee);
    await page.goto('/user/self_assessment_signup');
    await page.getByRole('heading', { name: 'Haz una autoevaluación', level: 1 }).waitFor();
    await page.getByText('Todavía no has hecho ninguna autoevaluación.').waitFor();
    await expect(page.getByRole('radio', { name: /Autoevaluación en la oficina/ }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Empezar la autoevaluación' }).click();

    // The questionnaire: title, progress, section, question and buttons in Spanish.
    await page.getByRole('heading', { name: 'Autoevaluación en la oficina', level: 1 }).waitFor();
    await page.getByText(/^Sección 1 de \d+$/).waitFor();
    await page.getByRole('heading', { name: 'Tu equipo', level: 2 }).waitFor();
    await page.getByText('¿Con qué trabajas principalmente?').waitFor();
    expect(await page.getByText('What do you mostly work on?').count()).toBe(0);
    // The Cornell grid's three scales come in Spanish too, on whichever section holds it.
    let grids = 0;
    const checkGrid = async () => {
      const grid = page.locator('table.cmdq-grid');
      if (!(await grid.count())) return;
      grids += 1;
      await grid.getByRole('columnheader', { name: '¿Con qué frecuencia en la última semana?' }).waitFor();
      const frequency = grid.locator('tbody select').first();
      expect(await frequency.locator('option').allTextContents()).toEqual([
        'Nunca',
        '1–2 veces la semana pasada',
        '3–4 veces la semana pasada',
        'Una vez al día',
        'Varias veces al día',
      ]);
      await frequency.selectOption('3');
      expect(await grid.locator('tbody tr').first().locator('select').nth(2).locator('option').allTextContents()).toEqual([
        'Nada',
        'Un poco',
        'Considerablemente',
      ]);
    };
    await finish(page, 'No', SPANISH, checkGrid);
    expect(grids).toBe(1);

    // The report in Spanish, with a score and recommendations.
    await page.getByRole('heading', { name: 'Informe: Autoevaluación en la oficina', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Resultado global' }).waitFor();
    const score = Number(await page.locator('.report-score .score').textContent());
    expect(score).toBeGreaterThanOrEqual(1);
    await page.getByRole('heading', { name: 'Hallazgos y recomendaciones' }).waitFor();
    expect(await page.locator('.finding').count()).toBeGreaterThan(0);
    const finding = (await page.locator('.finding h3').first().textContent())!.replace(/\s*\((bajo|moderado|alto)\)$/, '');
    expect(await page.getByText('Findings and recommendations').count()).toBe(0);
    const findings = await page.locator('.finding').count();

    // The PDF in Spanish.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('Summary-Report.pdf');
    const text = pdfText(readFileSync((await download.path())!)).replace(/\s+/g, ' ');
    expect(text).toContain('Resultado global');
    expect(text).toContain(`${score} de`);
    expect(text).toContain('Hallazgos y recomendaciones');
    expect(text).toContain(finding);

    // The retake from the previous answers, choosing "Sí" everywhere, shows the change in Spanish.
    await page.goto('/user/self_assessment_signup');
    await page.getByRole('checkbox', { name: 'Empezar con mis respuestas anteriores' }).check();
    await page.getByRole('button', { name: 'Empezar la autoevaluación' }).click();
    await page.getByText(/^Sección 1 de \d+$/).waitFor();
    const yesEverywhere = async () => {
      for (const yes of await page.getByRole('radio', { name: 'Sí', exact: true }).all()) await yes.check();
    };
    await finish(page, 'Sí', SPANISH, yesEverywhere);
    await page.getByRole('heading', { name: 'Cambios desde tu evaluación anterior' }).waitFor();
    await page.getByText(`Puntuación anterior ${score},`).waitFor();
    await page.getByRole('heading', { name: 'Resuelto desde la última vez' }).waitFor();
    expect(await page.locator('.finding').count()).toBeLessThan(findings);
    await context.close();
  });
});
