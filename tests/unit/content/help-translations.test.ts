/**
 * The help centre in every interface language (SPEC §2: en, es, pt, cn, ja, ko, fr, de). Each English
 * file of content/help/ (sections) and content/help/tutorials/ has its translation at the same path
 * under content/help/<language>/, so no reader silently meets English. A translation keeps the
 * English front matter keys and the values the page reads as data (order, videos, opens), the same
 * number of h2 questions or steps, the same links and the same figures, and is written in its own script.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderContent } from '../../../src/web/build/render-content';
import { INTERFACE_LANGUAGES } from '../../../src/web/i18n/language';

const HELP = resolve(import.meta.dirname, '../../../content/help');
const markdown = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md')) : []);
/** The English files, relative to content/help/: the reference every language follows. */
const english = [...markdown(HELP), ...markdown(join(HELP, 'tutorials')).map((f) => `tutorials/${f}`)];
const languages = INTERFACE_LANGUAGES.filter((l) => l !== 'en');

const render = (path: string) => renderContent(readFileSync(path, 'utf8'));
const h2Count = (html: string) => (html.match(/<h2[ >]/g) ?? []).length;
const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
/** Figures of the text (durations, scores, ages of a link); "1:1" is a name, written as words in some languages. */
const figures = (html: string) =>
  new Set((html.replace(/<[^>]+>|&#?\w+;/g, ' ').replace(/\b1:1\b/g, ' ').match(/\d+/g) ?? []));
/** Front matter values that are data, not words: they must not change in translation. */
const DATA_KEYS = ['order', 'videos', 'opens'];

/** What each language's text must (and must not) be written in, so a file in the wrong language fails. */
const script: Record<(typeof languages)[number], { must: RegExp; mustNot: RegExp }> = {
  es: { must: /[áéíóúñ¿]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  pt: { must: /[ãõçáéíóúâê]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  fr: { must: /[àâçéèêëîïôùûü]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  de: { must: /[äöüß]/i, mustNot: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ },
  ja: { must: /[\u3040-\u30ff]/, mustNot: /[\uac00-\ud7af]/ },
  cn: { must: /[\u4e00-\u9fff]/, mustNot: /[\u3040-\u30ff\uac00-\ud7af]/ },
  ko: { must: /[\uac00-\ud7af]/, mustNot: /[\u3040-\u30ff]/ },
};

describe('the help centre in English', () => {
  it('has the five sections and the written tutorials', () => {
    expect(english.filter((f) => !f.startsWith('tutorials/')).length).toBe(5);
    expect(english.filter((f) => f.startsWith('tutorials/')).length).toBeGreaterThan(0);
  });
});

describe.each(languages)('the help centre in %s', (language) => {
  const dir = join(HELP, language);

  it('has a translation of every English file, and no file English lacks', () => {
    const own = [...markdown(dir), ...markdown(join(dir, 'tutorials')).map((f) => `tutorials/${f}`)];
    expect({ missing: english.filter((f) => !own.includes(f)), extra: own.filter((f) => !english.includes(f)) }).toEqual({
      missing: [],
      extra: [],
    });
  });

  it.each(english)('%s keeps the front matter, the questions, the links and the figures', (file) => {
    const path = join(dir, file);
    expect(existsSync(path), `content/help/${language}/${file}`).toBe(true);
    const source = render(join(HELP, file));
    const translated = render(path);
    expect(Object.keys(translated.meta).sort()).toEqual(Object.keys(source.meta).sort());
    for (const key of DATA_KEYS) expect(translated.meta[key], key).toEqual(source.meta[key]);
    expect(translated.meta.title).not.toBe(source.meta.title);
    expect(h2Count(translated.html)).toBe(h2Count(source.html));
    expect(links(translated.html)).toEqual(links(source.html));
    const own = figures(translated.html);
    expect([...figures(source.html)].filter((n) => !own.has(n))).toEqual([]);
  });

  it.each(english)('%s is written in its own script', (file) => {
    const path = join(dir, file);
    if (!existsSync(path)) return;
    const { meta, html } = render(path);
    const text = `${meta.title} ${String(meta.summary ?? '')} ${html.replace(/<[^>]+>/g, ' ')}`;
    expect(text).toMatch(script[language].must);
    expect(text).not.toMatch(script[language].mustNot);
  });
});
