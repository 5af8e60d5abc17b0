import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn, type Product } from './product';
import { AXE_OPTIONS } from './link-crawl';

/** A fresh browser context signed in as `email`, with the privacy notice acknowledged. */
export async function signedInPage(product: Product, email: string, width = 1280): Promise<Page> {
  const context = await product.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await signIn(page, email);
  await page.getByRole('region', { name: 'Your Privacy' }).getByRole('button', { name: 'Ok' }).click();
  return page;
}

/** Axe's serious and critical violations (the `region` rule is off: the shell's landmarks are checked elsewhere). */
export async function seriousAxe(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(['region']).options(AXE_OPTIONS).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page's width beyond the window (0 when nothing scrolls sideways). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * SPEC §2 menus: opens `start`, then each same-tab link of the sidebar named `nav` in turn by
 * clicking it; every page shows its heading, finishes loading without an error message and has no
 * serious axe violation (`axe: false` skips axe where another walk has checked the same pages). Answers "label → heading" for each link, so a test can also check the menu.
 */
export async function walkMenu(page: Page, nav: string, start: string, options = { axe: true }): Promise<string[]> {
  await page.goto(start);
  const menu = page.getByRole('navigation', { name: nav, exact: true });
  await menu.getByRole('link').first().waitFor();
  const links = menu.locator('a:not([target="_blank"])');
  const labels = await links.allTextContents();
  const seen: string[] = [];
  // By position: a client manager's sidebar has Employee Search twice (their own and a client's).
  for (const [i, label] of labels.entries()) {
    await links.nth(i).click();
    const heading = page.getByRole('heading', { level: 1 });
    await heading.first().waitFor();
    await expect.poll(() => page.getByText(/^Loading\b/).count(), { timeout: 20_000 }).toBe(0);
    const alerts = await page.getByRole('alert').filter({ hasText: /\S/ }).allTextContents();
    expect(alerts, `${label}: ${page.url()}`).toEqual([]);
    if (options.axe) expect(await seriousAxe(page), `${label}: ${page.url()}`).toEqual([]);
    seen.push(`${label} → ${(await heading.first().textContent())?.trim()}`);
  }
  return seen;
}
