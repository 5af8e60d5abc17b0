/**
 * The public site and the guidance pages' titles in every interface language (SPEC §1 public site,
 * SPEC §2 guidance: "all of it in the eight languages"). Each English marketing page of content/site/
 * has its translation at content/site/<language>/ with the same front matter keys and data (the
 * service its demonstration button chooses), the same links, product pictures, blocks and figures,
 * written in its own script and with no English paragraph left in it; so has each blog post at
 * content/blog/<language>/ (same slug and date); each guidance page has a title and summary in each
 * language in content/guide-titles/<language>.yaml, not the English ones.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderContent } from '../../../src/web/build/render-content';
import { INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';

const CONTENT = resolve(import.meta.dirname, '../../../content');
const SITE = join(CONTENT, 'site');
const markdown = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md')) : []);
/** Every page of the site, the legal texts (privacy, terms, password encryption) and the signed-in demo pages included. */
const pages = markdown(SITE);
const languages = INTERFACE_LANGUAGES.filter((l) => l !== 'en');
/** The blog's first posts (content/blog/<slug>.md), each with its translation at content/blog/<language>/ (src/server/domain/blog/blog-translations.ts). */
const BLOG = join(CONTENT, 'blog');
const posts = markdown(BLOG);

const read = (path: string) => readFileSync(path, 'utf8');
const frontMatter = (text: string) => parse(/^---\n([\s\S]*?)\n---/.exec(text)![1]!) as Record<string, unknown>;
const body = (text: string) => text.replace(/^---\n[\s\S]*?\n---\n/, '');
const links = (text: string) => [...renderContent(text).html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
const pictures = (text: string) => [...text.matchAll(/!\[\]\((product|illustration):([a-z_-]+)/g)].map((m) => m[2]);
const headings = (text: string) => (text.match(/^#{2,3} /gm) ?? []).length;
const blocks = (text: string) => [...text.matchAll(/^:::([a-z]+)/gm)].map((m) => m[1]);
/** The words of a text without its links' addresses, pictures and e-mail addresses. */
const words = (text: string) =>
  text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[\w.-]+@[\w.-]+/g, ' ');
/** Figures the English states (scores, durations, years, pages); a translation may add one a word stood for. */
const figures = (text: string) => new Set(words(text).match(/\d+/g) ?? []);
/** A line of four English words or more that appears unchanged in a translation was left untranslated. */
const proseLines = (text: string) =>
  body(text)
    .split('\n')
    .map((line) => words(line).replace(/^[\s\-*#>0-9.]+/, '').trim())
    .filter((line) => line.split(/\s+/).length >= 4);

/** What each language's text must (and must not) be written in, so a page in the wrong language fails. */
const script: Record<(typeof languages)[number], { must: RegExp; mustNot: RegExp }> = {
  es: { must: /[áéíóúñ¿]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  pt: { must: /[ãõçáéíóúâê]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  fr: { must: /[àâçéèêëîïôùûü]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  de: { must: /[äöüß]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  ja: { must: /[\u3040-\u30ff]/, mustNot: /[\uac00-\ud7af]/ },
  cn: { must: /[\u4e00-\u9fff]/, mustNot: /[\u3040-\u30ff\uac00-\ud7af]/ },
  ko: { must: /[\uac00-\ud7af]/, mustNot: /[\u3040-\u30ff]/ },
};

/** Every guidance page by its file key (content/guidance/<section>/<key>.md) with its English title and summary. */
const guides = readdirSync(join(CONTENT, 'guidance'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => markdown(join(CONTENT, 'guidance', d.name)).map((f) => join(CONTENT, 'guidance', d.name, f)))
  .map((path) => {
    const meta = frontMatter(read(path));
    return { key: path.slice(path.lastIndexOf('/') + 1, -'.md'.length), title: String(meta.title), summary: String(meta.summary) };
  });

describe('the marketing pages in English', () => {
  it('are the home page, the services, the company pages, the legal texts and the demo pages, each translated below', () => {
    for (const name of ['home.md', 'self_assessments.md', 'virtual_service.md', 'onsite_service.md', 'our_story.md', 'meet_the_team.md', 'learn_more.md'])
      expect(pages).toContain(name);
    for (const name of ['privacy_policy.md', 'terms_of_service.md', 'terms_of_use.md', 'password_encryption.md', 'demo.md', 'demo_register.md'])
      expect(pages).toContain(name);
  });
});

describe.each(languages)('the site in %s', (language) => {
  const dir = join(SITE, language);

  it('has a translation of every marketing page, and no page English lacks', () => {
    const own = markdown(dir);
    expect({ missing: pages.filter((f) => !own.includes(f)), extra: own.filter((f) => !markdown(SITE).includes(f)) }).toEqual({
      missing: [],
      extra: [],
    });
  });

  it.each(pages)('%s keeps the front matter, links, pictures, blocks and figures, and is written in its language', (file) => {
    const path = join(dir, file);
    expect(existsSync(path), `content/site/${language}/${file}`).toBe(true);
    const english = read(join(SITE, file));
    const own = read(path);
    const [meta, ownMeta] = [frontMatter(english), frontMatter(own)];
    expect(Object.keys(ownMeta).sort()).toEqual(Object.keys(meta).sort());
    expect(ownMeta.service).toBe(meta.service);
    expect(ownMeta.title).not.toBe(meta.title);
    expect(ownMeta.summary).not.toBe(meta.summary);
    expect(links(own)).toEqual(links(english));
    expect(pictures(own)).toEqual(pictures(english));
    expect(blocks(own)).toEqual(blocks(english));
    const ownFigures = figures(own);
    expect([...figures(english)].filter((n) => !ownFigures.has(n)), 'figures missing').toEqual([]);
    const text = words(`${String(ownMeta.title)} ${String(ownMeta.summary)} ${body(own)}`);
    expect(text).toMatch(script[language].must);
    expect(text).not.toMatch(script[language].mustNot);
    const englishLines = new Set(proseLines(english));
    expect(proseLines(own).filter((line) => englishLines.has(line)), 'English left in place').toEqual([]);
    expect(renderContent(own).html).not.toMatch(/\*\*|:::/);
  });

  it.each(posts)('blog post %s is translated: same slug, date, links, blocks and figures, written in its language', (file) => {
    const path = join(BLOG, language, file);
    expect(existsSync(path), `content/blog/${language}/${file}`).toBe(true);
    const english = read(join(BLOG, file));
    const own = read(path);
    const [meta, ownMeta] = [frontMatter(english), frontMatter(own)];
    expect(Object.keys(ownMeta).sort()).toEqual(Object.keys(meta).sort());
    expect([ownMeta.slug, String(ownMeta.published)]).toEqual([meta.slug, String(meta.published)]);
    expect(ownMeta.title).not.toBe(meta.title);
    expect(ownMeta.summary).not.toBe(meta.summary);
    expect(links(own)).toEqual(links(english));
    expect(blocks(own)).toEqual(blocks(english));
    expect(headings(own)).toBe(headings(english));
    const ownFigures = figures(own);
    expect([...figures(english)].filter((n) => !ownFigures.has(n)), 'figures missing').toEqual([]);
    const text = words(`${String(ownMeta.title)} ${String(ownMeta.summary)} ${body(own)}`);
    expect(text).toMatch(script[language].must);
    expect(text).not.toMatch(script[language].mustNot);
    const englishLines = new Set(proseLines(english));
    expect(proseLines(own).filter((line) => englishLines.has(line)), 'English left in place').toEqual([]);
  });

  it('has no blog post English lacks', () => {
    expect(markdown(join(BLOG, language)).filter((f) => !posts.includes(f))).toEqual([]);
  });

  it('names every guidance page in its language: a title and summary for each, none of them the English', () => {
    const table = parse(read(join(CONTENT, 'guide-titles', `${language}.yaml`))) as Record<string, { title: string; summary: string }>;
    expect(Object.keys(table).sort()).toEqual(guides.map((g) => g.key).sort());
    for (const guide of guides) {
      const own = table[guide.key]!;
      expect(own.title, guide.key).not.toBe(guide.title);
      expect(own.summary, guide.key).not.toBe(guide.summary);
      expect(`${own.title} ${own.summary}`, guide.key).not.toMatch(script[language].mustNot);
      expect(own.title.trim().length, guide.key).toBeGreaterThan(1);
    }
    // Each language's script, over the whole table (a short title may be all Latin letters).
    expect(Object.values(table).map((g) => `${g.title} ${g.summary}`).join(' ')).toMatch(script[language].must);
  });
});
