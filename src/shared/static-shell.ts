import { splitAtRoutine } from './routine-split';
import { stretchSteps } from './stretch-steps';

/**
 * The public layout (src/web/layouts/home-layout.tsx and chrome.tsx, as a guest sees it) as plain
 * HTML, for pages rendered before any script runs: the pre-rendered marketing pages and the
 * server-rendered blog. With the same elements and classes as the app, the app's first render
 * takes the same place on screen, so nothing shifts (CLS) and the largest paint stays the first one.
 * Keep it in step with those two files.
 */
const NAV = [
  ['/self-assessments', 'nav.self_assessments'],
  ['/virtual-services', 'nav.virtual_services'],
  ['/onsite-services', 'nav.onsite_services'],
  ['/wellness-series', 'nav.wellness_series'],
  ['/free-resources', 'nav.free_resources'],
  ['/blogs/en/blog', 'nav.blog'],
  ['/learn-more', 'shell.contact'],
] as const;

/**
 * The interface texts of one language (content/interface/<language>.yaml) by key: the public shell
 * and the contact form speak the reader's language as the app's components do (SPEC §1 public site
 * "in the eight languages"). The keys are the ones those components read.
 */
export type ShellText = (key: string) => string;

export function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The cookie notice as src/web/shell/cookie-notice.tsx shows it to a first-time visitor; the app
 * removes it at once for those who have already answered it.
 */
function cookieNotice(t: ShellText): string {
  const links: Record<string, string> = {
    privacy: `<a href="/privacy-policy">${escapeText(t('cookie.privacy'))}</a>`,
    terms: `<a href="/terms-of-service">${escapeText(t('cookie.terms'))}</a>`,
  };
  const text = escapeText(t('cookie.text')).replace(/\{(privacy|terms)\}/g, (_match, name: string) => links[name]!);
  return (
    `<aside class="cookie-notice" role="region" aria-labelledby="cookie-notice-title"><h2 id="cookie-notice-title">${escapeText(t('cookie.title'))}</h2>` +
    `<p>${text}</p><button type="button" class="button" disabled>${escapeText(t('cookie.ok'))}</button></aside>`
  );
}

/** The footer's legal links (chrome.tsx). */
const legalNav = (t: ShellText) =>
  `<nav aria-label="${escapeText(t('shell.nav_legal'))}"><a href="/privacy-policy">${escapeText(t('shell.privacy_policy'))}</a> ` +
  `<a href="/terms-of-service">${escapeText(t('shell.terms'))}</a> <a href="/learn-more">${escapeText(t('shell.contact'))}</a></nav>`;

/** The page's main content inside the public header and footer, in the language of `t`. */
export function publicShell(main: string, currentPath: string, t: ShellText): string {
  const nav = NAV.map(
    ([to, key]) => `<li><a href="${to}"${to === currentPath ? ' aria-current="page" class="active"' : ''}>${escapeText(t(key))}</a></li>`,
  ).join('');
  return (
    '<div class="layout layout-home" style="--brand-primary:#FF9500;--brand-secondary:#1A191C">' +
    `<a class="skip-link" href="#main">${escapeText(t('shell.skip'))}</a>` +
    '<header class="site-header"><div class="header-inner"><a class="logo" href="/"><span class="wordmark">Ergo<strong>Portal</strong></span></a>' +
    `<button type="button" class="menu-toggle" aria-expanded="false" aria-controls="public-nav" disabled>${escapeText(t('shell.menu'))}</button>` +
    `<nav id="public-nav" aria-label="${escapeText(t('shell.nav_main'))}"><ul>${nav}</ul></nav><a class="button" href="/user/login">${escapeText(t('shell.sign_in'))}</a></div></header>` +
    `<main id="main" tabindex="-1">${main}</main>` +
    `<footer class="site-footer">${legalNav(t)}` +
    `<p>© ${new Date().getFullYear()} ErgoPortal</p></footer>` +
    `${cookieNotice(t)}</div>`
  );
}

/*
 * Every button of the server's HTML is disabled: it does nothing until the application has taken
 * over the page (a fraction of a second), and a press that does nothing would be lost silently.
 */

/**
 * The stretch timer of a routine in its first state (src/web/components/content/stretch-timer.tsx),
 * so the page does not move when the app takes over; it starts once the app has loaded.
 */
function stretchTimer(html: string): string {
  const steps = stretchSteps(html);
  if (steps.length === 0) return '';
  const { name, seconds, picture } = steps[0]!;
  const still = picture
    ? `<img class="stretch-picture" src="${picture.still}" width="${picture.width}" height="${picture.height}" alt="${escapeText(picture.alt)}">`
    : '';
  return (
    `<div class="stretch-timer">${still}<div><p aria-live="polite" class="stretch-now">Now: <strong>${escapeText(name)}</strong>, ${seconds} s left (1 of ${steps.length})</p>` +
    '<button type="button" class="button" disabled>Start</button> <button type="button" class="button secondary" disabled>Reset</button></div></div>'
  );
}

/** The page's body, with a routine's timer after its cautions and before its steps (as ContentView). */
function contentBody(html: string): string {
  const { before, after } = splitAtRoutine(html);
  if (!after) return `<div class="content-body">${html}</div>`;
  return `<div class="content-body">${before}</div>${stretchTimer(html)}<div class="content-body">${after}</div>`;
}

/**
 * A content page as ContentView renders it (src/web/components/content/content-view.tsx). `key` names
 * the content document (its file's base name), so the app takes the document from this HTML rather
 * than downloading it again (src/web/components/content/use-content.ts).
 */
export function contentArticle(key: string, title: string, summary: string | undefined, html: string): string {
  return `<article class="content-page" data-content="${escapeText(key)}"><h1>${escapeText(title)}</h1>${summary ? `<p class="lead">${escapeText(summary)}</p>` : ''}${contentBody(html)}</article>`;
}

/**
 * The contact form of /learn-more and /contact (src/web/pages/site/contact-page.tsx) as static HTML,
 * in the language of `t`: its fields and button stay disabled until the app takes over, so nothing
 * typed is lost.
 */
export function contactForm(t: ShellText): string {
  const field = (name: string, key: string, type: string) =>
    `<div class="field"><label for="contact-${name}">${escapeText(t(key))}</label><input type="${type}" id="contact-${name}" name="${name}" disabled></div>`;
  return (
    `<section class="content-page" aria-labelledby="contact-heading"><h2 id="contact-heading">${escapeText(t('contact.heading'))}</h2><form novalidate>` +
    field('name', 'contact.name', 'text') +
    field('email', 'field.email', 'email') +
    field('company', 'contact.company', 'text') +
    `<div class="field"><label for="contact-service">${escapeText(t('contact.service'))}</label><select id="contact-service" name="service" disabled><option value="">${escapeText(t('contact.service_any'))}</option></select></div>` +
    `<div class="field"><label for="contact-message">${escapeText(t('contact.message'))}</label><textarea rows="6" id="contact-message" name="message" disabled></textarea></div>` +
    `<button type="submit" class="button" disabled>${escapeText(t('contact.send'))}</button></form></section>`
  );
}

/** A guidance page's closing call to action, as src/web/pages/guidance/guidance-page.tsx renders it. */
export const GUIDANCE_NEXT_STEP_PATH = '/user/self_assessment_signup';
export const GUIDANCE_NEXT_STEP =
  '<aside class="content-page" aria-label="Next step"><div class="panel"><h2>Check your own set-up</h2>' +
  '<p>The self-assessment takes about ten minutes, can be repeated as often as you like, and your report is ready in minutes.</p>' +
  `<a class="button" href="${GUIDANCE_NEXT_STEP_PATH}">Take a self-assessment</a></div></aside>`;

/**
 * The signed-in layout (src/web/layouts/user-layout.tsx and chrome.tsx) without anything that
 * belongs to a client or a user: the product's logo and colours, an empty site menu and a profile
 * button of the real one's size, so the content sits where the app will put it. The app fills in the
 * client's logo, colours, menus and footer once the session has loaded. Served only to signed-in
 * callers who may open the page (src/server/signed-in-pages.ts).
 */
export function signedInShell(main: string, t: ShellText): string {
  return (
    '<div class="layout layout-user" style="--brand-primary:#FF9500;--brand-secondary:#1A191C">' +
    `<a class="skip-link" href="#main">${escapeText(t('shell.skip'))}</a>` +
    '<header class="site-header"><div class="header-inner"><a class="logo" href="/user"><span class="wordmark">Ergo<strong>Portal</strong></span></a>' +
    `<button type="button" class="menu-toggle" aria-expanded="false" disabled>${escapeText(t('shell.menu'))}</button>` +
    `<nav aria-label="${escapeText(t('shell.nav_main'))}" class="site-menu"><ul></ul></nav>` +
    '<div class="profile-dropdown" aria-hidden="true"><span class="profile-button"><span class="avatar"></span></span></div></div></header>' +
    `<main id="main" tabindex="-1"><div class="content"><div class="page">${main}</div></div></main>` +
    `<footer class="site-footer">${legalNav(t)}` +
    `<p>© ${new Date().getFullYear()} ErgoPortal</p></footer>${cookieNotice(t)}</div>`
  );
}

type BuildManifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * The style sheets a page's chunk brings (from Vite's build manifest) that the page template does
 * not already link, so HTML rendered before the scripts looks as it will once the chunk has loaded.
 */
export function pageStyleFiles(manifest: BuildManifest | null, pageKey: string, template: string): string[] {
  if (!manifest) return [];
  const seen = new Set<string>();
  const css: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const file of manifest[key].css ?? []) if (!css.includes(file)) css.push(file);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  visit(`pages/${pageKey}.tsx`);
  return css.filter((file) => !template.includes(`/${file}"`));
}

/** Those style sheets inlined (they are small), sparing a render-blocking request. */
export function inlineStyles(files: readonly string[], read: (file: string) => string): string {
  return files.map((file) => `<style>${read(file).replace(/<\/style/gi, '')}</style>`).join('');
}
