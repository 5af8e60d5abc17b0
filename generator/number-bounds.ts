import type { Model } from './model';
import type { Problem } from './problems';

/**
 * Every whole number or number a body accepts has an upper bound (or a fixed list): without one, a
 * client can send 1e20 where the database holds a 32-bit id and the insert fails with a server error
 * instead of a 400 (OWASP ASVS V5.1.4). Ids use `maximum: 2147483647`.
 */
function unbounded(schema: unknown, path: string, found: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Record<string, unknown>;
  if (
    (s.type === 'integer' || s.type === 'number') &&
    s.maximum === undefined &&
    s.exclusiveMaximum === undefined &&
    s.enum === undefined &&
    s.const === undefined
  )
    found.push(path || '(root)');
  for (const [name, child] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
    unbounded(child, path ? `${path}.${name}` : name, found);
  if (s.items) unbounded(s.items, `${path}[]`, found);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') unbounded(s.additionalProperties, `${path}.*`, found);
}

export function checkNumberBounds(model: Model): Problem[] {
  const problems: Problem[] = [];
  const report = (file: string, key: string, schema: unknown) => {
    const found: string[] = [];
    unbounded(schema, '', found);
    for (const field of found)
      problems.push({ file, key: `${key}.${field}`, message: 'a number without maximum (ids: maximum 2147483647)' });
  };
  model.forms.forEach((form) => report(form.file, 'schema', form.schema));
  for (const call of model.apiCalls) if (!call.form && call.body) report(call.file, `${call.key}.body`, call.body);
  return problems;
}
