import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import type { Plugin } from 'vite';
import { TEXT_PARTS, type TextPart } from '../i18n/text-parts';
import { FINDING_TITLE } from '../../shared/assessment/finding-title';

export { TEXT_PARTS, type TextPart } from '../i18n/text-parts';
export const STAFF_SECTIONS: readonly string[] = TEXT_PARTS.staff;

/** A section heading: `# ── name ──…`. */
const HEADING = /^# ── (.+?)\s*─+\s*$/;

/** The file's text split at its section headings into each part's sections and everything else (core). */
export function splitInterfaceTexts(text: string): { core: string } & Record<TextPart, string> {
  const names = Object.keys(TEXT_PARTS) as TextPart[];
  const parts = Object.fromEntries([['core', []], ...names.map((p) => [p, []])]) as unknown as Record<'core' | TextPart, string[]>;
  let part: 'core' | TextPart = 'core';
  for (const line of text.split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      const name = heading[1]!.trim().toLowerCase();
      part = names.find((p) => (TEXT_PARTS[p] as readonly string[]).includes(name)) ?? 'core';
    }
    parts[part].push(line);
  }
  return Object.fromEntries(Object.entries(parts).map(([p, lines]) => [p, lines.join('\n')])) as { core: string } & Record<
    TextPart,
    string
  >;
}

/**
 * The finding titles of the self-assessments' texts in one language (key `finding.<id>.title` →
 * words), English where that language lacks one: what the managers' charts need of the 50 kB file.
 */
export async function findingTitles(dir: string, language: string): Promise<Record<string, string>> {
  const read = async (lang: string) => (parse(await readFile(`${dir}${lang}.yaml`, 'utf8')) as Record<string, string> | null) ?? {};
  const [english, own] = await Promise.all([read('en'), language === 'en' ? Promise.resolve({}) : read(language)]);
  const texts: Record<string, unknown> = { ...english, ...own };
  return Object.fromEntries(
    Object.entries(texts).filter((entry): entry is [string, string] => FINDING_TITLE.test(entry[0]) && typeof entry[1] === 'string'),
  );
}

/**
 * Vite plugin: a file of content/interface/ (text key → text, one file per language) imports as a
 * plain object, so the browser ships JSON, not a YAML parser; `?staff`, `?reports` (any part of TEXT_PARTS) import that part's
 * sections only, and a plain import everything else. The evaluation form's overlays (content/evaluations/texts/,
 * read by the evaluator pages only) import the same way, whole; a self-assessment texts file with
 * `?findings` imports its finding titles only (findingTitles).
 */
export function interfaceTextsPlugin(): Plugin {
  return {
    name: 'ergoportal-interface-texts',
    async load(id) {
      if (/[\\/]content[\\/]evaluations[\\/]texts[\\/][a-z]+\.yaml$/.test(id))
        return `export default ${JSON.stringify(parse(await readFile(id, 'utf8')) ?? {})};`;
      const findings = /^(.*[\\/]content[\\/]assessments[\\/]texts[\\/])([a-z]+)\.yaml\?findings$/.exec(id);
      if (findings) return `export default ${JSON.stringify(await findingTitles(findings[1]!, findings[2]!))};`;
      const match = /^(.*[\\/]content[\\/]interface[\\/][a-z]+\.yaml)(?:\?([a-z]+))?$/.exec(id);
      if (!match) return null;
      if (match[2] !== undefined && !Object.hasOwn(TEXT_PARTS, match[2])) return null;
      const parts = splitInterfaceTexts(await readFile(match[1]!, 'utf8'));
      const texts = (parse(parts[(match[2] as TextPart | undefined) ?? 'core']) as Record<string, string> | null) ?? {};
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
