/**
 * What makes an SVG unsafe to serve to other users (OWASP "SVG security"; SVG 2 §15 scripting):
 * scripts, foreignObject (HTML inside SVG), event-handler attributes, javascript: URLs, external
 * references (href or url() to anything but a #fragment) and DTDs (entity expansion). Refused, not
 * rewritten: a logo needs none of these, and a sanitiser that misses one case is worse than a clear no.
 */
export function svgProblem(text: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'a DOCTYPE or entity declaration';
  if (/<\s*(\w+:)?script[\s>/]/i.test(text)) return 'a script';
  if (/<\s*(\w+:)?foreignObject[\s>/]/i.test(text)) return 'a foreignObject element';
  if (/<\s*(\w+:)?(iframe|embed|object|handler|listener)[\s>/]/i.test(text)) return 'an embedded document';
  if (/[\s"'/]on[a-z]+\s*=/i.test(text)) return 'an event handler attribute';
  if (/javascript\s*:|&#/i.test(text)) return 'a script URL or encoded character reference';
  if (/(?:href|src)\s*=\s*[^"'\s]/i.test(text)) return 'an external reference';
  for (const match of text.matchAll(/(?:href|src)\s*=\s*(["'])(.*?)\1/gi)) {
    if (!match[2].trim().startsWith('#')) return 'an external reference';
  }
  for (const match of text.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/gi)) {
    if (!match[2].trim().startsWith('#')) return 'an external reference';
  }
  if (/@import/i.test(text)) return 'an external reference';
  if (/<\s*(set|animate)\b[^>]*attributeName\s*=\s*["'](xlink:)?href/i.test(text)) return 'an animated reference';
  return null;
}
