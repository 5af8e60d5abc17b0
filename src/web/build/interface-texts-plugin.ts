import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import type { Plugin } from 'vite';

/**
 * Vite plugin: a file of content/interface/ (text key → text, one file per language) imports as a
 * plain object, so the browser ships JSON, not a YAML parser.
 */
export function interfaceTextsPlugin(): Plugin {
  return {
    name: 'ergoportal-interface-texts',
    async load(id) {
      if (!/[\\/]content[\\/]interface[\\/][a-z]+\.yaml$/.test(id)) return null;
      const texts = parse(await readFile(id, 'utf8')) as Record<string, string>;
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
