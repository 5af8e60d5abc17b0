import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PART_PAGES, type TextPart } from '../i18n/text-parts';
import { STAFF_PAGE, budgetOf, heldAt } from './page-budgets';

/**
 * The byte budget of every page (`npm run build`, after `vite build`): reads the built chunk list
 * (dist/web/.vite/manifest.json) and adds up, gzipped at level 9 as the page-weight bench counts
 * them, the JavaScript a page needs before it shows: the main script and its imports, the page's
 * chunk and its imports, for a staff page the staff pages' loader chunk, and the English interface
 * texts the page awaits (text-parts.ts). Sizes are deterministic, so the figure is the same on every
 * machine; a page over its budget (page-budgets.ts) fails the build, naming the page.
 *
 * The figure leaves out what a page fetches later or only sometimes (its data, content documents,
 * popups, toasts, and what loads beside a page once it shows: chart.js for the charts, the grid for a
 * grid below a page's first content, src/web/components/grid/deferred-grid.tsx):
 * `PAGE_WEIGHT_FILES=1 npx tsx tests/bench/page-weight.ts` measures what a browser loads.
 *
 * @example
 *   npx tsx src/web/build/page-budget.ts           # fails naming every page over its budget
 *   PAGE_BUDGET_ALL=1 npx tsx src/web/build/page-budget.ts
 *   npx tsx src/web/build/page-budget.ts --write  # holds every page at today's weight (page-budgets.ts)
 */
interface Chunk {
  readonly file: string;
  readonly src?: string;
  readonly imports?: readonly string[];
  readonly isDynamicEntry?: boolean;
}

const webDir = resolve(import.meta.dirname, '../../../dist/web');
const manifest = JSON.parse(readFileSync(join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const gzipped = new Map<string, number>();
function bytesOf(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(webDir, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

/** The files of a chunk and of everything it imports statically (what the browser fetches with it). */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build has no chunk ${key}: is dist/web built?`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const next of chunk.imports ?? []) closure(next, into);
  return into;
}

const main = closure('index.html');
const rows: { page: string; kb: number; budget: number }[] = [];
for (const [key, chunk] of Object.entries(manifest)) {
  const page = /^pages\/(.+)\.tsx$/.exec(key)?.[1];
  // A page's own lazily loaded parts (under a components/ folder, e.g. a drill-down) are not pages.
  if (!page || !chunk.isDynamicEntry || page.includes('components/')) continue;
  const files = new Set([...main, ...closure(key)]);
  if (STAFF_PAGE.test(page)) closure('app/staff-pages.ts', files);
  for (const part of Object.keys(PART_PAGES) as TextPart[])
    if (PART_PAGES[part].test(page)) closure(`../../content/interface/en.yaml?${part}`, files);
  const kb = [...files].reduce((sum, file) => sum + bytesOf(file), 0) / 1024;
  rows.push({ page, kb, budget: budgetOf(page) });
}

rows.sort((a, b) => b.kb - a.kb);
if (process.argv.includes('--write')) {
  const held = Object.fromEntries(
    rows
      .map((r) => [r.page, heldAt(r.page, r.kb)] as const)
      .filter(([, kb]) => kb !== null)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(resolve(import.meta.dirname, 'page-budgets.json'), `${JSON.stringify(held, null, 2)}\n`);
  console.log(`page budgets: ${Object.keys(held).length} pages held at their weight (page-budgets.json; the rest at their target)`);
  process.exit(0);
}
const over = rows.filter((r) => r.kb > r.budget);
const shown = process.env.PAGE_BUDGET_ALL ? rows : over;
if (shown.length > 0) {
  console.log('page                                     JS kB gzipped   budget');
  for (const r of shown)
    console.log(`${r.page.padEnd(40)} ${r.kb.toFixed(1).padStart(13)} ${String(r.budget).padStart(8)}${r.kb > r.budget ? '  OVER' : ''}`);
}
if (over.length > 0) {
  console.error(
    `\n${over.length} page(s) over their JavaScript budget (src/web/build/page-budgets.ts): ${over.map((r) => r.page).join(', ')}`,
  );
  process.exit(1);
}
console.log(`page budgets: ${rows.length} pages within their JavaScript budgets`);
