/**
 * The public layout (src/web/layouts/home-layout.tsx and chrome.tsx, as a guest sees it) as plain
 * HTML, for pages rendered before any script runs: the pre-rendered marketing pages and the
 * server-rendered blog. With the same elements and classes as the app, the app's first render
 * takes the same place on screen, so nothing shifts (CLS) and the largest paint stays the first one.
 * Keep it in step with those two files.
 */
const NAV = [
  ['/self-assessments', 'Self-Assessments'], ['/virtual-services', 'Virtual Services'], ['/onsite-services', 'Onsite Services'],
  ['/wellness-series', 'Wellness Series'], ['/free-resources', 'Free Resources'], ['/blogs/en/blog', 'Blog'], ['/learn-more', 'Contact'],
] as const;

export function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]!));
}

/** The page's main content inside the public header and footer. */
export function publicShell(main: string, currentPath: string): string {
  const nav = NAV.map(([to, label]) => `<li><a href="${to}"${to === currentPath ? ' aria-current="page" class="active"' : ''}>${label}</a></li>`).join('');
  return '<div class="layout layout-home" style="--brand-primary:#FF9500;--brand-secondary:#1A191C">'
    + '<a class="skip-link" href="#main">Skip to content</a>'
    + '<header class="site-header"><div class="header-inner"><a class="logo" href="/"><span class="wordmark">Ergo<strong>Portal</strong></span></a>'
    + '<button type="button" class="menu-toggle" aria-expanded="false" aria-controls="public-nav">Menu</button>'
    + `<nav id="public-nav" aria-label="Main"><ul>${nav}</ul></nav><a class="button" href="/user/login">Sign in</a></div></header>`
    + `<main id="main" tabindex="-1">${main}</main>`
    + '<footer class="site-footer"><nav aria-label="Legal"><a href="/privacy-policy">Privacy Policy</a> <a href="/terms-of-service">Terms of Service</a> <a href="/learn-more">Contact</a></nav>'
    + `<p>© ${new Date().getFullYear()} ErgoPortal</p></footer>`
    // The cookie notice as src/web/shell/cookie-notice.tsx shows it to a first-time visitor; the app
    // removes it at once for those who have already answered it.
    + '<aside class="cookie-notice" role="region" aria-labelledby="cookie-notice-title"><h2 id="cookie-notice-title">Your Privacy</h2>'
    + '<p>We use only the cookies needed to keep you signed in and to understand which pages help people most. Read our <a href="/privacy-policy">privacy policy</a> and <a href="/terms-of-service">terms of service</a>.</p>'
    + '<button type="button" class="button">Ok</button></aside></div>';
}

/** A content page as ContentView renders it (src/web/components/content/content-view.tsx). */
export function contentArticle(title: string, summary: string | undefined, html: string): string {
  return `<article class="content-page"><h1>${escapeText(title)}</h1>${summary ? `<p class="lead">${escapeText(summary)}</p>` : ''}<div class="content-body">${html}</div></article>`;
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
