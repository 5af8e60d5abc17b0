/** A UTF-16 surrogate without its partner: not a character, and refused by PostgreSQL's jsonb. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first text (value or key) holding a lone surrogate, or null when all text is well formed. */
export function malformedTextAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path || 'request' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = malformedTextAt(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) return path || 'request';
      const found = malformedTextAt(inner, at);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Why a decoded payload must be refused for text that is not valid Unicode (a lone UTF-16
 * surrogate, which JSON's \ud800 escape can carry), or null. Such text cannot be stored faithfully
 * (UTF-8 has no encoding for it) nor audited (jsonb refuses it), so decodeBody stops it at the
 * door, before any handler sees it (OWASP ASVS V5.1.4: input checked against the characters allowed).
 */
export function malformedTextProblem(payload: unknown): string | null {
  const at = malformedTextAt(payload);
  return at ? `The ${at} field contains characters that are not valid text.` : null;
}
