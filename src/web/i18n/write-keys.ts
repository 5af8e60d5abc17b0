import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * Writes keys.ts from content/interface/en.yaml, so `t('a.key')` with a key English lacks is a type
 * error. Run after adding keys: `npx tsx src/web/i18n/write-keys.ts` (tests/unit/i18n checks it is current).
 */
export function keysSource(enYaml: string): string {
  const keys = Object.keys(parse(enYaml) as Record<string, string>);
  return (
    `// Written by src/web/i18n/write-keys.ts from content/interface/en.yaml; do not edit.\n` +
    `export const INTERFACE_KEYS = [\n${keys.map((k) => `  '${k}',`).join('\n')}\n] as const;\n` +
    `export type InterfaceKey = (typeof INTERFACE_KEYS)[number];\n`
  );
}

const root = resolve(import.meta.dirname, '../../..');
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(resolve(root, 'src/web/i18n/keys.ts'), keysSource(readFileSync(resolve(root, 'content/interface/en.yaml'), 'utf8')));
}
