import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { forms, type FormName } from '../../../generated/forms';
import * as grids from '../../../generated/grids';
import type { GridDefinition } from '../../shared/grid';
import { mapFormTexts, mapGridTexts, type FormTexts } from './manifest-texts';

/** A manifest grid by its name (generated/grids.ts exports `<camelName>Grid`). */
export function gridNamed(name: string): GridDefinition {
  const grid = Object.values(grids).find((g) => typeof g === 'object' && g !== null && (g as GridDefinition).name === name);
  if (!grid) throw new Error(`No grid ${name}`);
  return grid as GridDefinition;
}

/** Every key a grid or form (`grid:users`, `form:client`) looks up, with its English from the manifest. */
export function manifestKeys(item: string): [key: string, english: string][] {
  const found = new Map<string, string>();
  const collect = (key: string, english: string, values?: object) => {
    if (!values) found.set(key, english);
    return english;
  };
  const [kind, name] = item.split(':') as ['grid' | 'form', string];
  if (kind === 'grid') mapGridTexts(gridNamed(name), collect);
  else mapFormTexts(name, forms[name as FormName] as unknown as FormTexts, collect);
  return [...found];
}

/**
 * Prints, as YAML for content/interface/en.yaml, the keys of the named grids and forms that English
 * lacks: `npx tsx src/web/i18n/manifest-keys.ts grid:users form:client`.
 */
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const en = parse(readFileSync(resolve(import.meta.dirname, '../../../content/interface/en.yaml'), 'utf8')) as Record<string, string>;
  for (const item of process.argv.slice(2))
    for (const [key, english] of manifestKeys(item)) if (!(key in en)) console.log(`${key}: ${JSON.stringify(english)}`);
}
