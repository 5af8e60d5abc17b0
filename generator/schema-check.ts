import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ManifestFile } from './parse';
import type { Problem } from './problems';

/** Turns an ajv instance path ("/routes/12/permissions/0") into a key ("routes[12].permissions[0]"). */
function toKey(instancePath: string): string {
  const key = instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('');
  return key.replace(/^\./, '') || '(root)';
}

/** Stage 3a, validate: every file against its JSON Schema in schemas/, listing every violation. */
export function checkSchemas(files: readonly ManifestFile[], schemasDir: string): Problem[] {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const problems: Problem[] = [];
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  for (const file of files) {
    let validate = validators.get(file.kind);
    if (!validate) {
      const schema = JSON.parse(readFileSync(join(schemasDir, `${file.kind}.schema.json`), 'utf8'));
      validate = ajv.compile(schema);
      validators.set(file.kind, validate);
    }
    if (validate(file.data)) continue;
    for (const error of validate.errors ?? []) {
      const extra = error.keyword === 'additionalProperties' ? ` "${String(error.params.additionalProperty)}"` : '';
      problems.push({ file: file.file, key: toKey(error.instancePath), message: `${error.message ?? 'is invalid'}${extra}` });
    }
  }
  return problems;
}
