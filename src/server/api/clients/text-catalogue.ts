import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { COURSE_IDS } from '../../../shared/training/types';

/**
 * The page scopes of SPEC §2's client-editing sub-pages (migration 004's CHECK list), and the courses'
 * texts (docs/product.md "Training": a client may reword a course per language; migration 042).
 */
export const TEXT_SCOPES = ['self-assessment', 'self-assessment-lab', 'ergo-eval', 'ergo-eval-lab', 'cms', 'training'] as const;
export type TextScope = (typeof TEXT_SCOPES)[number];
/** SPEC §2: the languages of the per-language sub-pages. */
export const TEXT_LANGUAGES = ['en', 'es', 'pt', 'cn', 'ja', 'ko', 'fr', 'de'] as const;

const CONTENT = join(import.meta.dirname, '..', '..', '..', '..', 'content');

/**
 * Where each scope's default English texts live: the self-assessment engine's text keys for the
 * self-assessment pages (office and lab), content/client-texts/ for the rest.
 */
const SOURCES: Readonly<Record<Exclude<TextScope, 'training'>, string>> = {
  'self-assessment': 'assessments/texts/en.yaml',
  'self-assessment-lab': 'assessments/texts/en.yaml',
  'ergo-eval': 'client-texts/ergo-eval.yaml',
  'ergo-eval-lab': 'client-texts/ergo-eval.yaml',
  cms: 'client-texts/cms.yaml',
};

/** Nested YAML maps become dotted keys ("questions.chair_height.prompt"); only strings are texts. */
function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof value === 'string') {
    if (prefix) out.set(prefix, value);
    return;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  }
}

const cache = new Map<string, ReadonlyMap<string, string>>();

/**
 * Every course's English texts, keyed "<course>:<text key>" in the catalogue's order, as the course
 * loader reads a client's wording (src/server/domain/training/courses.ts).
 */
function courseTexts(): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const course of COURSE_IDS)
    for (const [key, text] of textsOf(join('training', course, 'texts', 'en.yaml'))) map.set(`${course}:${key}`, text);
  return map;
}

/** The scope's text keys with their English text, in file order (empty when the file is not there yet). */
export function defaultTexts(scope: TextScope): ReadonlyMap<string, string> {
  if (scope === 'training') {
    let texts = cache.get('training');
    if (!texts) cache.set('training', (texts = courseTexts()));
    return texts;
  }
  return textsOf(SOURCES[scope]);
}

/** The texts of one file under content/, flattened to dotted keys. */
function textsOf(path: string): ReadonlyMap<string, string> {
  const file = join(CONTENT, path);
  let texts = cache.get(file);
  if (!texts) {
    const map = new Map<string, string>();
    if (existsSync(file)) {
      const data = parse(readFileSync(file, 'utf8')) as Record<string, unknown> | null;
      // Files may hold their texts under `texts:` beside metadata, or be a plain map of keys.
      flatten(data && typeof data === 'object' && 'texts' in data ? data.texts : data, '', map);
    }
    texts = map;
    cache.set(file, texts);
  }
  return texts;
}

export function isScope(value: string): value is TextScope {
  return (TEXT_SCOPES as readonly string[]).includes(value);
}

export function isLanguage(value: string): value is (typeof TEXT_LANGUAGES)[number] {
  return (TEXT_LANGUAGES as readonly string[]).includes(value);
}
