import held from './page-budgets.json' with { type: 'json' };

/**
 * Each page's JavaScript budget in kB (1024 bytes) gzipped, checked by page-budget.ts after every
 * build. Targets: staff pages (the admin center and the dashboards) 200 kB, every other page 100 kB.
 * Every page is held in page-budgets.json at what it weighed plus a margin (3 %, at least 3 kB), and
 * never above its target unless it already weighs more, so no page grows unnoticed; `npx tsx
 * src/web/build/page-budget.ts --write` rewrites that list from the current build (review its diff: a
 * raised budget is a heavier page).
 */
export const TARGETS = { staff: 200, other: 100 } as const;

export const STAFF_PAGE = /^(admin|dashboard)\//;

/** The target of a page key (a file under src/web/pages/ without .tsx). */
export const targetOf = (page: string): number => (STAFF_PAGE.test(page) ? TARGETS.staff : TARGETS.other);

/** The budget of a page key: its target, or what it is held at while above it. */
export function budgetOf(page: string): number {
  return (held as Record<string, number>)[page] ?? targetOf(page);
}

/**
 * The budget to hold a page at that weighs `kb` today: the weight plus the margin, but its target
 * (null: none held) when the margin would reach it and the page meets it.
 */
export function heldAt(page: string, kb: number): number | null {
  const held = Math.ceil(Math.max(kb * 1.03, kb + 3));
  return kb <= targetOf(page) && held >= targetOf(page) ? null : held;
}
