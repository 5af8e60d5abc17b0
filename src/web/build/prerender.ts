import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { productTitle, titlePrefix } from '../../../generated/branding';
import { routes, href } from '../../../generated/routes';
import { renderContent } from './render-content';
import {
  contactForm,
  contentArticle,
  GUIDANCE_NEXT_STEP,
  inlineStyles,
  pageStyleFiles,
  publicShell,
  signedInShell,
  type ShellText,
} from '../../shared/static-shell';
import { guidanceFileKey, SIGNED_IN_FOLDER, signedInPageFile, prerenderedSignedIn } from '../../shared/signed-in-pages';
import { HTML_LANG, INTERFACE_LANGUAGES, type InterfaceLanguage } from '../../shared/interface-language';
import { interfaceText, interfaceTextsOf } from '../../shared/interface-text-file';
import { LANGUAGE_FOLDER, prerenderedFile } from '../../shared/prerendered-pages';
import { siteKey } from '../../shared/site-key';

/**
 * Writes dist/web/<path>/index.html for every public marketing page and alias: the page's own
 * title, meta description and content as plain HTML inside #root, so the page reads (and ranks)
 * before the application bundle has loaded; the app then renders over it. Each page is written in
 * each of the eight languages (content/site/<language>/<name>.md, else the English document, as the
 * app shows it; the shell's and the title's words from content/interface/<language>.yaml; `<html
 * lang>`), the other seven under dist/web/.lang/<language>/ (src/shared/prerendered-pages.ts); the
 * server sends the reader's (src/server/plugins/web-pages.ts).
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
const PRERENDERED_PAGES: Readonly<Record<string, (t: ShellText) => string>> = {
  'site/marketing-page': () => '',
  'site/contact-page': contactForm,
};
rmSync(join(dist, LANGUAGE_FOLDER), { recursive: true, force: true });
/** A marketing document in a language: its translation when written, else the English one (site-documents.ts). */
const siteDocument = (slug: string, language: InterfaceLanguage): string => {
  const own = join(root, 'content/site', language, `${slug}.md`);
  return language !== 'en' && existsSync(own) ? own : join(root, 'content/site', `${slug}.md`);
};
for (const route of routes.filter(
  (r) =>
    r.access === 'public' &&
    r.page in PRERENDERED_PAGES &&
    r.contentSlug &&
    !r.path.startsWith(href('user_home')) &&
    !r.path.startsWith(href('branded_home')),
)) {
  if (!existsSync(join(root, 'content/site', `${route.contentSlug}.md`))) continue;
  for (const language of INTERFACE_LANGUAGES) {
    const t = interfaceTextsOf(language);
    const { meta, html } = renderContent(readFileSync(siteDocument(route.contentSlug!, language), 'utf8'));
    // The title as the app sets it (shell-effects.ts, menu-label.ts routeTitle): the route's text, else its manifest title.
    const title =
      route.name === 'home' ? productTitle : `${titlePrefix} - ${interfaceText(language, `route.${route.name}`) ?? route.title}`;
    const page = template
      .replace('<html lang="en">', `<html lang="${HTML_LANG[language]}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escape(String(meta.summary ?? ''))}" />`,
      )
      .replace('</head>', `${styles}</head>`);
    // The document under the key the app reads it by in this language (site-documents.ts siteKey).
    const article = contentArticle(siteKey(route.contentSlug, language)!, meta.title, meta.summary, html);
    for (const path of [route.path, ...route.aliases]) {
      const target = prerenderedFile(dist, path, language)!;
      mkdirSync(dirname(target), { recursive: true });
      const main = path === '/' ? article : article + PRERENDERED_PAGES[route.page]!(t);
      writeFileSync(target, page.replace('<div id="root"></div>', `<div id="root">${publicShell(main, path, t)}</div>`));
      if (path !== '/') written += 1;
    }
  }
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
// The guidance pages are pre-rendered in English; the app re-renders them in the reader's language.
const english = interfaceTextsOf('en');
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
      `<div id="root">${signedInShell(contentArticle(key, meta.title, meta.summary, html) + GUIDANCE_NEXT_STEP, english)}</div>`,
    );
  for (const path of [route.path, ...route.aliases]) {
    const target = signedInPageFile(dist, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, page);
    signedIn += 1;
  }
}
console.log(`pre-rendered ${written} public pages (each language counted) and ${signedIn} signed-in guidance pages`);
