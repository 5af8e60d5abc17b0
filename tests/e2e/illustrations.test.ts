import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

/**
 * SPEC §2 guidance illustrations: every guide teaches with a picture that is its own lazily loaded
 * file, named in the reader's language; a routine's pictures move with the follow-along timer and
 * stand still for a reader who asks for reduced motion; the video library lists the routines.
 */
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

/** The address the browser actually shows for an image (a <picture> may choose a source). */
const shown = (page: Page, name: RegExp) =>
  page
    .getByRole('img', { name })
    .first()
    .evaluate((img: HTMLImageElement) => new URL(img.currentSrc || img.src).pathname);
const loaded = (page: Page, name: RegExp) =>
  page
    .getByRole('img', { name })
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe('guidance illustrations', () => {
  it('a guide shows its picture, sized and loaded, with its text alternative in the reader language', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.goto('/user/lighting');
    const picture = page.getByRole('img', { name: /^Two rooms from above: done well, the window is to the side of the screen/ });
    // The guide's text arrives after the page: the picture is scrolled to once it is there for good.
    await expect
      .poll(async () => {
        await picture.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
        return loaded(page, /^Two rooms from above/);
      })
      .toBe(true);
    expect(await shown(page, /^Two rooms from above/)).toBe('/illustrations/lighting-window.svg');
    expect((await picture.boundingBox())!.width).toBeGreaterThan(300);
    expect(await seriousViolations(page)).toEqual([]);

    // In Spanish, the same picture is named in Spanish.
    await page.goto('/user/profile');
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Tu perfil se ha guardado.').waitFor();
    await page.goto('/user/lighting');
    await page.getByRole('img', { name: /^Dos salas vistas desde arriba: bien hecho, la ventana a un lado de la pantalla/ }).waitFor();
    // The guide's title and summary, in the page and in the browser tab, are Spanish too (content/guide-titles/es.yaml).
    await page.getByRole('heading', { level: 1, name: 'Iluminación' }).waitFor();
    await page.getByText('Luz suficiente para el papel y sin reflejos en la pantalla.').waitFor();
    await expect.poll(() => page.title()).toMatch(/ - Iluminación$/);
    // And the video library names its routines in Spanish, with their length in Spanish units.
    await page.goto('/user/video_library');
    const everyday = page
      .locator('.routine-card')
      .filter({ has: page.getByRole('link', { name: 'Estiramientos para cada día', exact: true }) });
    await everyday.waitFor();
    expect(await everyday.locator('time').textContent()).toBe('2 min 5 s');
    await page.goto('/user/profile');
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: 'Guardar perfil' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    await context.close();
  });

  it('a routine shows each step moving while the timer runs, its still when paused, and only stills with reduced motion', async () => {
    const context = await product.newContext();
    await context.clock.install();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.goto('/user/everyday_stretches');
    await page.getByText(/Now: Chin tuck, 15 s left \(1 of 6\)/).waitFor();
    await page.getByRole('button', { name: /Erin/ }).waitFor();
    const chinTuck = /^Chin tuck: sitting tall, the head glides straight back/;
    // Every step shows its still in the list; the timer shows the first step's, not moving before Start.
    await expect.poll(() => page.getByRole('img', { name: chinTuck }).count()).toBe(2);
    expect(await page.locator('.stretch-timer img').getAttribute('src')).toBe('/illustrations/chin-tuck.still.svg');
    await page.getByRole('heading', { level: 2, name: 'Before you start' }).waitFor();
    // The cautions come before the timer's Start button, and the timer before the steps.
    const order = await page.evaluate(() => {
      const at = (node: Element | null | undefined) => (node ? [...document.querySelectorAll('main *')].indexOf(node) : -1);
      const heading = (name: string) => [...document.querySelectorAll('main h2')].find((h) => h.textContent === name);
      return {
        cautions: at(heading('Before you start')),
        timer: at(document.querySelector('main .stretch-timer')),
        steps: at(heading('Stretch routine')),
      };
    });
    expect(order.cautions).toBeGreaterThanOrEqual(0);
    expect(order.cautions).toBeLessThan(order.timer);
    expect(order.timer).toBeLessThan(order.steps);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect
      .poll(() => page.locator('.stretch-timer img').evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
      .toBe('/illustrations/chin-tuck.svg');
    // The timer moves on to the second step, and its picture with it.
    await page.clock.runFor(16_000);
    await page.getByText(/Now: Upper back stretch, \d+ s left \(2 of 6\)/).waitFor();
    expect(await page.locator('.stretch-timer img').getAttribute('alt')).toMatch(/^Upper back stretch: hands clasped in front/);
    await expect
      .poll(() => page.locator('.stretch-timer img').evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
      .toBe('/illustrations/upper-back-stretch.svg');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect
      .poll(() => page.locator('.stretch-timer img').evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
      .toBe('/illustrations/upper-back-stretch.still.svg');
    expect(await seriousViolations(page)).toEqual([]);

    // A reader who asks for reduced motion sees the still of the step even while the routine runs.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await expect
      .poll(() => page.locator('.stretch-timer img').evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
      .toBe('/illustrations/upper-back-stretch.still.svg');
    // The still is the moving file with its reduced-motion rules always on: nothing in it moves.
    const still = await (await fetch(`${product.server.url}/illustrations/upper-back-stretch.still.svg`)).text();
    expect(still).toContain('@media all{');
    expect(still).not.toContain('prefers-reduced-motion');
    await context.close();
  });

  it('the video library lists the animated routines beside the videos, each opening its routine', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.goto('/user/video_library');
    await page.getByRole('heading', { level: 2, name: 'Stretches and movement' }).waitFor();
    await page.getByRole('button', { name: /Play/ }).first().waitFor();
    const main = page.getByRole('main');
    for (const title of ['Everyday stretches', 'Lab stretches', 'Feel-good stretches'])
      await main.getByRole('link', { name: title, exact: true }).waitFor();
    // Each card says how long its routine takes, with units (everyday stretches: 125 seconds).
    const everyday = main.locator('.routine-card').filter({ has: page.getByRole('link', { name: 'Everyday stretches', exact: true }) });
    expect(await everyday.locator('time').textContent()).toBe('2 min 5 sec');
    expect(await everyday.locator('time').getAttribute('datetime')).toBe('PT125S');
    expect(await seriousViolations(page)).toEqual([]);
    await main.getByRole('link', { name: 'Everyday stretches', exact: true }).click();
    await page.waitForURL('**/user/everyday_stretches');
    await page.getByRole('heading', { level: 1, name: 'Everyday stretches' }).waitFor();
    await context.close();
  });
});
