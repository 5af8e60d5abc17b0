import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { svgProblem } from '../../shared/validation/svg-safety';

export const ILLUSTRATIONS = resolve(import.meta.dirname, '../../../content/illustrations');
/** Where the built site serves them (dist/web/illustrations/, written by content-plugin.ts). */
export const ILLUSTRATION_PATH = '/illustrations/';
/** The media condition an animated illustration names to stand still (docs/product.md §2 guidance). */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

let english: Record<string, string> | null = null;
/** The English text alternatives (content/illustrations/texts/en.yaml: name → words). */
export function englishAlt(name: string): string {
  english ??= parseYaml(readFileSync(join(ILLUSTRATIONS, 'texts/en.yaml'), 'utf8')) as Record<string, string>;
  const alt = english[name]?.trim();
  if (!alt) throw new Error(`Illustration "${name}" needs a text alternative in content/illustrations/texts/en.yaml`);
  return alt;
}

/** An illustration's file, checked: a known name, and nothing a browser would run or fetch. */
export function illustrationSvg(name: string): string {
  const file = join(ILLUSTRATIONS, `${name}.svg`);
  if (!/^[a-z0-9-]+$/.test(name) || !existsSync(file))
    throw new Error(`Unknown illustration "${name}" (content/illustrations/${name}.svg)`);
  const svg = readFileSync(file, 'utf8');
  const problem = svgProblem(svg);
  if (problem || /\sid="/.test(svg)) throw new Error(`Illustration "${name}" holds ${problem ?? 'an id'}`);
  return svg;
}

/** Its drawing size (the viewBox), so the page keeps its place before the file arrives (no layout shift). */
export function illustrationSize(name: string): { width: number; height: number } {
  const box = /viewBox="0 0 (\d+) (\d+)"/.exec(illustrationSvg(name));
  if (!box) throw new Error(`Illustration "${name}" needs a viewBox="0 0 width height"`);
  return { width: Number(box[1]), height: Number(box[2]) };
}

/** Whether it moves: it then names REDUCED_MOTION, and the build writes a still beside it. */
export const isAnimated = (name: string) => illustrationSvg(name).includes(REDUCED_MOTION);

/**
 * The files the build serves: each SVG as it is (comments and indentation dropped) and, for one that
 * moves, `<name>.still.svg`, the same picture whose reduced-motion rules always apply: the step's key
 * position, shown to a reader who asks for less motion and while a routine is not running.
 */
export function illustrationFiles(): { fileName: string; source: string }[] {
  return readdirSync(ILLUSTRATIONS)
    .filter((f) => f.endsWith('.svg'))
    .flatMap((file) => {
      const name = file.slice(0, -4);
      const source = illustrationSvg(name)
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/\n\s*/g, '\n')
        .trim();
      const files = [{ fileName: `illustrations/${file}`, source }];
      if (source.includes(REDUCED_MOTION))
        files.push({ fileName: `illustrations/${name}.still.svg`, source: source.split(`@media ${REDUCED_MOTION}`).join('@media all') });
      return files;
    });
}

/** The picture of an illustration: its own lazily loaded, sized file, with the English text alternative. */
export function illustrationImg(name: string, still = false): string {
  const { width, height } = illustrationSize(name);
  const file = `${ILLUSTRATION_PATH}${name}${still && isAnimated(name) ? '.still' : ''}.svg`;
  return `<img class="illustration" alt="${escapeHtml(englishAlt(name))}" data-illustration="${name}" src="${file}" width="${width}" height="${height}" loading="lazy" decoding="async">`;
}

/**
 * `![](illustration:name "caption")`: the picture in a figure, served as its own file so a page's
 * HTML and JavaScript do not grow with it (SPEC §2 guidance; page budgets). Its text alternative is
 * the illustration's entry in content/illustrations/texts/<language>.yaml, written once per picture
 * and swapped into the reader's language on the page (WCAG 1.1.1); the Markdown's brackets stay empty.
 */
export function illustration(name: string, alt: string, caption: string | null): string {
  if (alt.trim())
    throw new Error(
      `Illustration "${name}": its text alternative lives in content/illustrations/texts/en.yaml, write ![](illustration:${name})`,
    );
  return `<figure class="content-figure">${illustrationImg(name)}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
}
