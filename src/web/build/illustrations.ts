import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const FOLDER = resolve(import.meta.dirname, '../../../content/illustrations');
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * An SVG illustration from content/illustrations, inlined at build time (no extra request, scales
 * with the text) inside a figure. The picture is one image to assistive technology: role="img"
 * with the Markdown's text alternative as its accessible name (WCAG 1.1.1; WAI-ARIA "img" role),
 * and the SVG's own <desc> kept for a longer description. A missing file or one with script or
 * event handlers fails the build rather than shipping.
 */
export function illustration(name: string, alt: string, caption: string | null): string {
  const file = join(FOLDER, `${name}.svg`);
  if (!/^[a-z0-9-]+$/.test(name) || !existsSync(file))
    throw new Error(`Unknown illustration "${name}" (content/illustrations/${name}.svg)`);
  if (!alt.trim()) throw new Error(`Illustration "${name}" needs a text alternative: ![what it shows](illustration:${name})`);
  const svg = readFileSync(file, 'utf8')
    .replace(/<\?xml[^>]*>\s*/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
  if (/<script|\son[a-z]+\s*=|javascript:|<foreignObject|href=/i.test(svg))
    throw new Error(`Illustration "${name}" holds script, handlers or links`);
  const tagged = svg.replace(/^<svg\b/, `<svg role="img" aria-label="${escapeHtml(alt)}" focusable="false" class="illustration"`);
  return `<figure class="content-figure">${tagged}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`;
}
