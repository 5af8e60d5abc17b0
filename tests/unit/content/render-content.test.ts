import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../generated/routes';
import { renderContent } from '../../../src/web/build/render-content';

const contentDir = resolve(import.meta.dirname, '../../../content');
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.md') && name !== 'README.md' ? [path] : [];
  });
}

describe('build-time content rendering', () => {
  it('renders front matter, headings with ids, blocks and stretch routines', () => {
    const { meta, html } = renderContent([
      '---', 'title: Test page', 'summary: A summary.', '---', '## Set up', 'Text with [a link](/user/seating) and [outside](https://example.com).',
      ':::do', '- Sit back', ':::', ':::stretch', '- Neck tilt | 20 | Tilt slowly.', ':::', 'After.',
    ].join('\n'));
    expect(meta).toEqual({ title: 'Test page', summary: 'A summary.' });
    expect(html).toContain('<h2 id="set-up">Set up</h2>');
    expect(html).toContain('<a href="/user/seating">a link</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener" target="_blank">outside</a>');
    expect(html).toMatch(/<section class="content-block block-do"><h2>Do<\/h2><ul>\s*<li>Sit back<\/li>/);
    expect(html).toContain('<li data-seconds="20" data-step=""><div><strong>Neck tilt</strong>');
    expect(html).toContain('<p>After.</p>');
  });

  it('gives headings in any script an id of their own', () => {
    const { html } = renderContent(['---', 'title: T', '---', '## 1. マイレポートを開く', '## ¿Dónde están mis informes?'].join('\n'));
    expect(html).toContain('<h2 id="1-マイレポートを開く">');
    expect(html).toContain('<h2 id="dónde-están-mis-informes">');
  });

  it('refuses a file without a title', () => {
    expect(() => renderContent('---\nsummary: x\n---\nbody')).toThrow(/no title/);
  });
});

describe('the content files', () => {
  const all = files(contentDir);
  it.each(all.map((f) => [f.slice(contentDir.length + 1), f]))('%s renders with a title and a summary', (_name, path) => {
    const { meta, html } = renderContent(readFileSync(path, 'utf8'));
    // Counted in UTF-8 bytes, so a Chinese, Japanese or Korean page, denser per character, is held to the same measure.
    const size = (text: string) => Buffer.byteLength(text, 'utf8');
    expect(size(meta.title)).toBeGreaterThan(2);
    expect(size(String(meta.summary ?? ''))).toBeGreaterThan(10);
    expect(size(html)).toBeGreaterThan(200);
  });

  it('guidance files carry the exact SPEC slug of a route', () => {
    const slugs = new Set(routes.filter((r) => r.page === 'guidance/guidance-page').map((r) => r.contentSlug));
    for (const path of all.filter((p) => p.includes('/guidance/'))) {
      const { meta } = renderContent(readFileSync(path, 'utf8'));
      expect(slugs, path).toContain(meta.slug);
      expect(path.endsWith(`/${String(meta.slug).replace(/&/g, 'and')}.md`)).toBe(true);
    }
  });

  it('every branded content route has its own file or a shared guide that exists', async () => {
    const sources = (await import('../../../content/branded/sources.json')).default as Record<string, string>;
    const base = (p: string) => p.split('/').pop()!.replace(/\.md$/, '');
    const own = new Set(all.filter((p) => p.includes('/branded/')).map(base));
    const guides = new Set(all.filter((p) => p.includes('/guidance/')).map(base));
    for (const route of routes.filter((r) => r.page === 'branded/branded-page')) {
      const key = route.contentSlug!.replace(/\//g, '--');
      expect(own.has(key) || guides.has(sources[key]), key).toBe(true);
    }
    for (const guide of Object.values(sources)) expect(guides, guide).toContain(guide);
  });

  it('links inside content point at real routes', () => {
    const paths = routes.flatMap((r) => [r.path, ...r.aliases]).filter((p) => !p.includes(':') && p !== '*');
    for (const path of all) {
      const { html } = renderContent(readFileSync(path, 'utf8'));
      for (const [, href] of html.matchAll(/href="(\/[^"#?]*)/g)) {
        expect(paths, `${path} → ${href}`).toContain(href.replace(/&amp;/g, '&'));
      }
    }
  });
});
