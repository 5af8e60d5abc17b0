import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { productTitle, titlePrefix } from '../../../generated/branding';
import { routes } from '../../../generated/routes';
import { renderContent } from './render-content';

/**
 * Writes dist/web/<path>/index.html for every public marketing page and alias: the page's own
 * title, meta description and content as plain HTML inside #root, so the page reads (and ranks)
 * before the application bundle has loaded; the app then renders over it.
 */
const root = resolve(import.meta.dirname, '../../..');
const dist = join(root, 'dist/web');
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]!));

let written = 0;
for (const route of routes.filter((r) => r.access === 'public' && r.page === 'site/marketing-page' && r.contentSlug && !r.path.startsWith('/user') && !r.path.startsWith('/arcadia'))) {
  const file = join(root, 'content/site', `${route.contentSlug}.md`);
  if (!existsSync(file)) continue;
  const { meta, html } = renderContent(readFileSync(file, 'utf8'));
  const title = route.name === 'home' ? productTitle : `${titlePrefix} - ${route.title}`;
  const page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escape(String(meta.summary ?? ''))}" />`)
    .replace('<div id="root"></div>', `<div id="root"><main id="main" class="prerendered"><article class="content-page"><h1>${escape(meta.title)}</h1>${html}</article></main></div>`);
  for (const path of [route.path, ...route.aliases]) {
    if (path === '/') continue; // the home page is index.html itself
    const target = join(dist, path, 'index.html');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, page);
    written += 1;
  }
  if (route.path === '/') writeFileSync(join(dist, 'index-home.html'), page);
}
console.log(`pre-rendered ${written} public pages`);
