import { join, normalize } from 'node:path';
import type { InterfaceLanguage } from './interface-language';

/**
 * Where the pre-rendered copy of a public page lies in the built site (src/web/build/prerender.ts
 * writes them, src/server/plugins/web-pages.ts sends them): English at <path>/index.html (the home
 * page at index-home.html), every other language under the dot folder .lang/<language>/, which is
 * never served as a file. Null for a path that would leave the folder or names a dot folder.
 *
 * @example
 *   prerenderedFile('/srv/web', '/self-assessments', 'de'); // "/srv/web/.lang/de/self-assessments/index.html"
 */
export function prerenderedFile(webDir: string, path: string, language: InterfaceLanguage): string | null {
  if (path.split('/').some((segment) => segment.startsWith('.'))) return null;
  const base = language === 'en' ? webDir : join(webDir, LANGUAGE_FOLDER, language);
  const file = path === '/' ? join(base, 'index-home.html') : join(base, normalize(path), 'index.html');
  return file.startsWith(`${base}/`) ? file : null;
}

/** The folder of the pre-rendered pages in languages other than English. */
export const LANGUAGE_FOLDER = '.lang';
