import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readBlogFile } from '../../db/content-seed';
import type { AssessmentLanguage } from '../../../shared/assessment/types';

const BLOG = resolve(import.meta.dirname, '../../../../content/blog');

interface Words {
  title: string;
  summary: string;
  body: string;
}

/** content/blog/<folder>/*.md by slug (the English posts at the top, their translations one folder down). */
function postsIn(folder: string): ReadonlyMap<string, Words> {
  const dir = join(BLOG, folder);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .map((f) => readBlogFile(readFileSync(join(dir, f), 'utf8')))
      .map((p) => [p.slug, { title: p.title, summary: p.summary, body: p.body }]),
  );
}

let english: ReadonlyMap<string, Words> | null = null;
const translations = new Map<string, ReadonlyMap<string, Words>>();

/**
 * A published post in the reader's language (SPEC §1 public site "in the eight languages"), the way
 * the marketing pages pick theirs: the translation in content/blog/<language>/<slug>.md when one is
 * written, else the English. A translation belongs to the English it was written from: once an admin
 * has changed the post's English (/admin/blog), the reader gets that English rather than a
 * translation of words the post no longer says.
 */
export function inLanguage<P extends Words & { slug: string }>(post: P, language: AssessmentLanguage | undefined): P {
  if (!language || language === 'en') return post;
  english ??= postsIn('.');
  if (!translations.has(language)) translations.set(language, postsIn(language));
  const source = english.get(post.slug);
  const own = translations.get(language)!.get(post.slug);
  const unchanged = source && source.title === post.title && source.summary === post.summary && source.body === post.body.trim();
  return own && unchanged ? { ...post, title: own.title, summary: own.summary, body: own.body } : post;
}
