import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { renderContent } from './render-content.ts';

/**
 * Vite plugin: importing a Markdown file from content/ yields `{ meta, html }` rendered at build
 * time, so pages ship HTML, not a Markdown parser (keeps public and guidance pages small).
 */
export function contentPlugin(): Plugin {
  return {
    name: 'ergoportal-content',
    async load(id) {
      if (!id.endsWith('.md')) return null;
      const rendered = renderContent(await readFile(id, 'utf8'));
      return `export default ${JSON.stringify(rendered)};`;
    },
  };
}
