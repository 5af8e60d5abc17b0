import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { productTitle, titlePrefix } from '../../../generated/branding';
import { routes, href } from '../../../generated/routes';
import { renderContent } from './render-content';
import {
  CONTACT_FORM,
  contentArticle,
  GUIDANCE_NEXT_STEP,
  inlineStyles,
  pageStyleFiles,
  publicShell,
  signedInShell,
} from '../../shared/static-shell';
import { guidanceFileKey, SIGNED_IN_FOLDER, signedInPageFile, prerenderedSignedIn } from '../../shared/signed-in-pages';

/**
 * Writes dist/web/<path>/index.html for every public marketing page and alias: the page's own
 * title, meta description and content as plain HTML inside #root, so the page reads (and ranks)
 * before the application bundle has loaded; the app then renders over it.
 *
 * Also writes the guidance pages of the employee site, in the signed-in layout, under
 * dist/web/.signed-in/ (a dot folder: never served as a file). The server sends one only to a
 * signed-in caller who may open that page (src/server/signed-in-pages.ts); everybody else gets
 * index.html as before.
 */
const root = resolve(import.meta.dirname, '../../..');
const dist = join(root, 'dist/web');
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const manifestFile = join(dist, '.vite/manifest.json');
const buildManifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null;
const styles = inlineStyles(pageStyleFiles(buildManifest, 'site/marketing-page', template), (file) =>
  readFileSync(join(dist, file), 'utf8'),
);
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

let written = 0;
// The contact page (/learn-more, /contact) is its copy plus the contact form, pre-rendered disabled.
const PRERENDERED_PAGES: Readonly<Record<string, string>> = { 'site/marketing-page': '', 'site/contact-page': CONTACT_FORM };
for (const route of routes.filter(
  (r) =>
    r.access === 'public' &&
    r.page in PRERENDERED_PAGES &&
    r.contentSlug &&
    !r.path.startsWith(href('user_home')) &&
    !r.path.startsWith(href('branded_home')),
)) {
  const file = join(root, 'content/site', `${route.contentSlug}.md`);
  if (!existsSync(file)) continue;
  const { meta, html } = renderContent(readFileSync(file, 'utf8'));
  const title = route.name === 'home' ? productTitle : `${titlePrefix} - ${route.title}`;
  const page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escape(String(meta.summary ?? ''))}" />`,
    )
    .replace('</head>', `${styles}</head>`);
  for (const path of [route.path, ...route.aliases]) {
    if (path === '/') continue; // the home page is index.html itself
    const target = join(dist, path, 'index.html');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(
      target,
      page.replace(
        '<div id="root"></div>',
        `<div id="root">${publicShell(contentArticle(route.contentSlug!, meta.title, meta.summary, html) + PRERENDERED_PAGES[route.page], path)}</div>`,
      ),
    );
    written += 1;
  }
  if (route.path === '/')
    writeFileSync(
      join(dist, 'index-home.html'),
      page.replace(
        '<div id="root"></div>',
        `<div id="root">${publicShell(contentArticle(route.contentSlug!, meta.title, meta.summary, html), '/')}</div>`,
      ),
    );
}

// Guidance pages: the same document for every client (no client wording applies to them).
const guidanceFiles = new Map<string, string>();
const guidanceFolder = join(root, 'content/guidance');
for (const section of readdirSync(guidanceFolder)) {
  for (const name of readdirSync(join(guidanceFolder, section)))
    if (name.endsWith('.md')) guidanceFiles.set(name.slice(0, -3), join(guidanceFolder, section, name));
}
const guidanceStyles = inlineStyles(pageStyleFiles(buildManifest, 'guidance/guidance-page', template), (file) =>
  readFileSync(join(dist, file), 'utf8'),
);
rmSync(join(dist, SIGNED_IN_FOLDER), { recursive: true, force: true });
let signedIn = 0;
for (const route of routes.filter(prerenderedSignedIn)) {
  const key = guidanceFileKey(route.contentSlug!);
  const file = guidanceFiles.get(key);
  if (!file) continue;
  const { meta, html } = renderContent(readFileSync(file, 'utf8'));
  const page = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(`${titlePrefix} - ${route.title}`)}</title>`)
    .replace('</head>', `${guidanceStyles}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${signedInShell(contentArticle(key, meta.title, meta.summary, html) + GUIDANCE_NEXT_STEP)}</div>`,
    );
  for (const path of [route.path, ...route.aliases]) {
    const target = signedInPageFile(dist, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, page);
    signedIn += 1;
  }
}
console.log(`pre-rendered ${written} public pages and ${signedIn} signed-in guidance pages`);
