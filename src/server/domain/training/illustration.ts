import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const FOLDER = resolve(import.meta.dirname, '../../../../content/illustrations');
const cache = new Map<string, string>();

/**
 * A lesson's illustration as SVG markup for the course player to inline (the guidance pages inline
 * the same files at build time, src/web/build/illustrations.ts). The loader has checked the file
 * exists; a file holding script, handlers or links is refused here as it is there.
 */
export function illustrationSvg(name: string): string {
  let svg = cache.get(name);
  if (svg === undefined) {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Unknown illustration "${name}"`);
    svg = readFileSync(join(FOLDER, `${name}.svg`), 'utf8')
      .replace(/<\?xml[^>]*>\s*/, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .trim();
    if (/<script|\son[a-z]+\s*=|javascript:|<foreignObject|href=/i.test(svg))
      throw new Error(`Illustration "${name}" holds script, handlers or links`);
    cache.set(name, svg);
  }
  return svg;
}
