/**
 * A JSON Schema as a plain TypeScript type (text), for generated/api-types.ts. Plain types rather
 * than json-schema-to-ts's `FromSchema` keep `tsc` fast with one type per call and status.
 * Keywords that only narrow a value (pattern, lengths, `not`, `if`/`then`, formats) are left out:
 * the type is the value's shape, the server's validation does the rest.
 */
type Schema = Readonly<Record<string, unknown>>;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function unionOf(types: readonly string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.length === 0 ? 'never' : unique.join(' | ');
}

function objectType(schema: Schema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(
    ([name, property]) => `${inner}${key(name)}${required.has(name) ? '' : '?'}: ${schemaType(property, inner)};`,
  );
  const extra = schema.additionalProperties;
  if (lines.length === 0) {
    if (extra === false) return 'Record<string, never>';
    return `Record<string, ${extra && typeof extra === 'object' ? schemaType(extra as Schema, indent) : 'unknown'}>`;
  }
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function typeOfName(name: string, schema: Schema, indent: string): string {
  switch (name) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const items = schema.items as Schema | undefined;
      const item = items ? schemaType(items, indent) : 'unknown';
      return /^[A-Za-z0-9_<>, ]+$/.test(item) ? `${item}[]` : `(${item})[]`;
    }
    case 'object':
      return objectType(schema, indent);
    default:
      return 'unknown';
  }
}

/** The TypeScript type of values a schema accepts; `indent` is the indentation of the line it sits on. */
export function schemaType(schema: Schema | boolean | null | undefined, indent = ''): string {
  if (schema === false) return 'never';
  if (schema === true || !schema) return 'unknown';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return unionOf(schema.enum.map((v) => JSON.stringify(v)));
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (Array.isArray(options)) {
      const { [keyword]: _options, ...rest } = schema;
      const base = Object.keys(rest).some((k) => k === 'type' || k === 'properties') ? schemaType(rest, indent) : null;
      const union = unionOf(options.map((o) => schemaType(o as Schema, indent)));
      if (base && base !== 'unknown') return union === 'unknown' ? base : `(${base}) & (${union})`;
      return union;
    }
  }
  const type = schema.type;
  if (Array.isArray(type)) return unionOf(type.map((t) => typeOfName(String(t), schema, indent)));
  if (typeof type === 'string') return typeOfName(type, schema, indent);
  if (schema.properties) return objectType(schema, indent);
  return 'unknown';
}
