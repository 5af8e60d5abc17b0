import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import type { Plugin } from 'vite';

/**
 * Sections of content/interface/<language>.yaml that only staff pages read (the admin center, the
 * programme, client-manager and evaluator pages). They ship as their own chunk (`<language>.yaml?staff`,
 * src/web/i18n/staff-texts.ts), so public and employee pages do not carry them (page-weight bench).
 */
export const STAFF_SECTIONS: readonly string[] = ['admin center', 'staff pages'];

/** A section heading: `# ── name ──…`. */
const HEADING = /^# ── (.+?)\s*─+\s*$/;

/** The file's text split at its section headings into the staff sections and everything else. */
export function splitInterfaceTexts(text: string): { core: string; staff: string } {
  const core: string[] = [];
  const staff: string[] = [];
  let inStaff = false;
  for (const line of text.split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) inStaff = STAFF_SECTIONS.includes(heading[1]!.trim().toLowerCase());
    (inStaff ? staff : core).push(line);
  }
  return { core: core.join('\n'), staff: staff.join('\n') };
}

/**
 * Vite plugin: a file of content/interface/ (text key → text, one file per language) imports as a
 * plain object, so the browser ships JSON, not a YAML parser; `?staff` imports its staff sections only,
 * and a plain import everything else. The evaluation form's overlays (content/evaluations/texts/,
 * read by the evaluator pages only) import the same way, whole.
 */
export function interfaceTextsPlugin(): Plugin {
  return {
    name: 'ergoportal-interface-texts',
    async load(id) {
      if (/[\\/]content[\\/]evaluations[\\/]texts[\\/][a-z]+\.yaml$/.test(id))
        return `export default ${JSON.stringify(parse(await readFile(id, 'utf8')) ?? {})};`;
      const match = /^(.*[\\/]content[\\/]interface[\\/][a-z]+\.yaml)(\?staff)?$/.exec(id);
      if (!match) return null;
      const parts = splitInterfaceTexts(await readFile(match[1]!, 'utf8'));
      const texts = (parse(match[2] ? parts.staff : parts.core) as Record<string, string> | null) ?? {};
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
