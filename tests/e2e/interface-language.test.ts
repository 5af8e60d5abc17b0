import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { signIn, startProduct, type Product } from './support/product';
import { AXE_OPTIONS } from './support/link-crawl';

/**
 * SPEC §2: the interface speaks the reader's language (content/interface/): the profile language of
 * a signed-in user, else the browser's. English stays the default, so a browser in English sees
 * what it always saw.
 */
let product: Product;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.close();
});

const context = (options: { locale?: string; phone?: boolean } = {}): Promise<BrowserContext> =>
  product.browser.newContext({
    baseURL: product.server.url,
    locale: options.locale ?? 'en-US',
    ...(options.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });

async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('SPEC §2 interface language', () => {
  it('switching the profile language to Español changes menus, buttons, headings and messages at once and for later visits', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.goto('/user/profile');
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'Save profile' }).click();
    // The server's English message, shown in Spanish; the page changes without a reload.
    await page.getByText('Tu perfil se ha guardado.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Tu perfil' }).waitFor();
    await page.getByRole('button', { name: 'Guardar perfil' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('link', { name: 'Inicio', exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Ergonomía esencial' }).waitFor();
    // Field messages follow the language too.
    await page.getByLabel('Nombre').fill('');
    await page.getByText('El campo Nombre es obligatorio').waitFor();
    await ctx.close();

    // A later visit, in an English browser, still speaks the profile's language.
    const later = await context();
    const again = await later.newPage();
    await signIn(again, ACCOUNTS.employee);
    await again.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Pautas de configuración' }).waitFor();
    await again.goto('/user/help-center');
    await again.getByRole('heading', { level: 1, name: 'Centro de ayuda' }).waitFor();
    await again.getByLabel('Buscar en el centro de ayuda').fill('zzzz');
    await again.getByText('Ninguna respuesta coincide con tu búsqueda', { exact: false }).waitFor();
    expect(await again.title()).toContain('Centro de ayuda');
    await again.goto('/user/no-such-page');
    await again.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor();
    await again.getByRole('link', { name: 'Ir a tu página de inicio' }).waitFor();
    await again.locator('.profile-button').click();
    await again.getByRole('link', { name: 'Perfil', exact: true }).waitFor();
    await again.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    expect(await again.getByRole('link', { name: 'Skip to content' }).count()).toBe(0);
    expect(await again.getByRole('link', { name: 'Ir al contenido' }).count()).toBe(1);
    expect(await seriousAxe(again)).toEqual([]);

    // Back to English: the interface returns to English without a reload.
    await again.goto('/user/profile');
    await again.getByLabel('Idioma').selectOption('en');
    await again.getByRole('button', { name: 'Guardar perfil' }).click();
    await again.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    await again.getByText('Your profile has been saved.').waitFor();
    expect(await htmlLang(again)).toBe('en');
    await later.close();
  });

  it('a Spanish-profile employee sees the self-assessment and report pages in Spanish', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    await signIn(page, ACCOUNTS.employee);
    await page.goto('/user/profile');
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tu perfil' }).waitFor();

    // The self-assessment page's own words (the questionnaire's are content/assessments/texts).
    await page.goto('/user/self_assessment?attempt=no-such-attempt');
    await page.getByRole('heading', { level: 1, name: 'Autoevaluación' }).waitFor();
    await page.getByText('No se encontró esta autoevaluación.').waitFor();
    await page.getByRole('link', { name: 'Empezar o continuar una autoevaluación' }).click();
    await page.getByRole('heading', { level: 1, name: 'Haz una autoevaluación' }).waitFor();

    // The reports list (the demo's finalized 1:1 evaluation of this employee) and a report not found.
    await page.goto('/user/my-reports');
    await page.getByRole('columnheader', { name: 'Informe' }).waitFor();
    await page.getByRole('columnheader', { name: 'Puntuación' }).waitFor();
    await page
      .getByRole('link', { name: /^Evaluación individual \(/ })
      .first()
      .waitFor();
    await page.goto('/user/my-reports/viewreport/no-such-report');
    await page.getByRole('heading', { level: 1, name: 'Informe no encontrado' }).waitFor();
    await page.getByText('Este informe no existe o no tienes permiso para verlo.').waitFor();
    await page.getByRole('link', { name: 'Tus informes' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    expect(await seriousAxe(page)).toEqual([]);

    await page.goto('/user/profile');
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('button', { name: 'Guardar perfil' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
    await ctx.close();
  });

  it('a guest whose browser prefers German sees the sign-in page, its messages and the public pages in German', async () => {
    const ctx = await context({ locale: 'de-DE' });
    const page = await ctx.newPage();
    await page.goto('/user/login');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Das Feld E-Mail ist erforderlich').waitFor();
    await page.getByText('Das Feld Passwort ist erforderlich').waitFor();
    await page.getByLabel('E-Mail').fill(ACCOUNTS.employee);
    await page.getByLabel('Passwort').fill(`${PASSWORD}-wrong`);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('alert').getByText('Diese Anmeldedaten stimmen nicht mit unseren Unterlagen überein.').waitFor();
    await page.getByRole('link', { name: 'Passwort vergessen?' }).waitFor();
    expect(await seriousAxe(page)).toEqual([]);

    // A pre-rendered public page arrives in English and switches after it starts.
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('link', { name: 'Selbsteinschätzungen' }).waitFor();
    await page.getByRole('link', { name: 'Anmelden' }).waitFor();
    await page.getByRole('region', { name: 'Ihre Privatsphäre' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutzerklärung' }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    expect(await seriousAxe(page)).toEqual([]);
    await ctx.close();
  });

  it('an English browser keeps English (the default)', async () => {
    const ctx = await context({ locale: 'en-GB' });
    const page = await ctx.newPage();
    await page.goto('/user/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await ctx.close();
  });

  it('on a phone the German menu fits: long words wrap inside the panel, nothing runs off the screen', async () => {
    const ctx = await context({ locale: 'de-DE', phone: true });
    const page = await ctx.newPage();
    await page.goto('/user/login');
    await page.getByLabel('E-Mail').fill(ACCOUNTS.contosoEmployee);
    await page.getByLabel('Passwort').fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
    // Signed in, the profile language (English here) outranks the browser's: choose Deutsch.
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    await page.goto('/user/profile');
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ihr Profil' }).waitFor();
    await page.goto('/user');
    await page.getByRole('button', { name: 'Menü' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menü' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Abmelden' }).waitFor();
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const panel = document.getElementById('mobile-sidebar')!;
      const items = [...panel.querySelectorAll<HTMLElement>('a, button')];
      return {
        page: document.documentElement.scrollWidth - width,
        clipped: items
          .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > width + 1)
          .map((el) => el.textContent),
        count: items.length,
      };
    });
    expect(overflow.count).toBeGreaterThan(3);
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(overflow.clipped).toEqual([]);
    expect(await seriousAxe(page)).toEqual([]);
    await ctx.close();
  });
});
