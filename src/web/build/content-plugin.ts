import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import type { Plugin } from 'vite';
import { renderContent } from './render-content.ts';
import { ILLUSTRATION_PATH, illustrationFiles } from './illustrations.ts';
import { routineEntries } from './routines.ts';
import { guidePictures } from './guide-pictures.ts';

const ALT_TEXTS = /content\/(illustrations\/texts|guide-titles)\/[a-z]+\.yaml$/;
const ROUTINES = 'virtual:routines';
const GUIDE_PICTURES = 'virtual:guide-pictures';

/**
 * Vite plugin: importing a Markdown file from content/ yields `{ meta, html }` rendered at build
 * time, so pages ship HTML, not a Markdown parser (keeps public and guidance pages small). The
 * illustrations' text alternatives (content/illustrations/texts/<language>.yaml) import as plain
 * objects, as do the guidance pages' titles in each language (content/guide-titles/<language>.yaml), and every illustration is written to dist/web/illustrations/ as a file of its own, with a
 * still beside each one that moves (illustrations.ts). `virtual:routines` lists the guidance pages'
 * routines for the video library (routines.ts), `virtual:guide-pictures` each guide's first picture
 * for the reports (guide-pictures.ts).
 */
export function contentPlugin(): Plugin {
  return {
    name: 'ergoportal-content',
    resolveId(id) {
      return id === ROUTINES || id === GUIDE_PICTURES ? `\0${id}` : null;
    },
    async load(id) {
      if (id === `\0${ROUTINES}`) return `export default ${JSON.stringify(routineEntries())};`;
      if (id === `\0${GUIDE_PICTURES}`) return `export default ${JSON.stringify(guidePictures())};`;
      if (ALT_TEXTS.test(id)) return `export default ${JSON.stringify(parseYaml(await readFile(id, 'utf8')))};`;
      if (!id.endsWith('.md')) return null;
      const rendered = renderContent(await readFile(id, 'utf8'));
      return `export default ${JSON.stringify(rendered)};`;
    },
    generateBundle() {
      for (const { fileName, source } of illustrationFiles()) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use(ILLUSTRATION_PATH, (request, response, next) => {
        const file = illustrationFiles().find((f) => `/${f.fileName}` === `${ILLUSTRATION_PATH}${request.url?.slice(1)}`);
        if (!file) return next();
        response.setHeader('Content-Type', 'image/svg+xml');
        response.end(file.source);
      });
    },
  };
}
