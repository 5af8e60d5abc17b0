import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import YAML from 'yaml';
import type { PackageCourse } from './scorm-course';
import { illustrationFile, launchPage } from './scorm-launch';
import { LAUNCH_FILE, packageIdentifier, scormManifest } from './scorm-manifest';

/**
 * A course in one language as a SCORM 1.2 package (docs/product.md "Training: learning systems"):
 * imsmanifest.xml at the root, the launch page and the lessons' illustrations, zipped. Built on
 * request from the content: nothing is stored.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

let words: Promise<Record<string, Record<string, string>>> | undefined;
/** content/learning-systems/package-words.yaml, read once per process. */
export function packageWords(): Promise<Record<string, Record<string, string>>> {
  words ??= readFile(join(root, 'content/learning-systems/package-words.yaml'), 'utf8').then(
    (text) => YAML.parse(text) as Record<string, Record<string, string>>,
  );
  return words;
}

export const packageFileName = (course: Pick<PackageCourse, 'id' | 'version' | 'language'>) => `${packageIdentifier(course)}-scorm12.zip`;

export async function scormPackage(course: PackageCourse, base: string): Promise<Uint8Array> {
  const table = await packageWords();
  const files: Record<string, Uint8Array> = {};
  files[LAUNCH_FILE] = strToU8(launchPage(course, table[course.language] ?? table.en!, base));
  const pictures = new Set(course.modules.flatMap((m) => m.lessons.flatMap((l) => (l.illustration ? [l.illustration.name] : []))));
  for (const name of [...pictures].sort()) {
    // Only names the course loader accepted reach here; the pattern keeps any other out of the path.
    if (!/^[a-z0-9-]+$/.test(name)) continue;
    files[illustrationFile(name)] = new Uint8Array(await readFile(join(root, 'content/illustrations', `${name}.svg`)));
  }
  const manifest = scormManifest(course, Object.keys(files));
  // imsmanifest.xml first, as SCORM 1.2 CAM §2.3.1 asks (at the root of the package).
  return zipSync({ 'imsmanifest.xml': strToU8(manifest), ...files }, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}
