import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { trackedSources } from '../helpers/source-files';
import { routes } from '../../generated/routes';

/**
 * Internal links are made by route name with the generated href() (docs/architecture.md "One
 * check behind every control"), so renaming a path in the manifest moves every link with it. This finds a string or template
 * literal in src/web or src/server whose text is a page address of the route table ("/user/roles",
 * `/admin/blog/${id}`), outside comments.
 */
const root = resolve(import.meta.dirname, '../..');
/**
 * The session store sits in every page's first script; importing the route table there splits the
 * texts into a chunk of their own and costs every public page about 1 kB (src/web/build/page-budgets.ts),
 * so its two sign-in addresses stay written out (src/web/session/store.ts).
 */
const EXEMPT = new Set(['src/web/session/store.ts']);
const sources = trackedSources(['src/web', 'src/server']).filter((f) => !EXEMPT.has(f));

/** A route path as a pattern over a literal's path: each parameter matches one segment or a `${…}`. */
const patterns = routes
  .flatMap((r) =>
    [r.path, ...r.aliases].map((path) => {
      const body = path
        .split('/')
        .filter(Boolean)
        .map((seg) =>
          seg.startsWith(':') ? (seg.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
        )
        .join('');
      return {
        name: r.name,
        re: new RegExp(`^${body || '/'}$`),
        fixed: path.split('/').filter((seg) => seg && !seg.startsWith(':')).length,
      };
    }),
  )
  .sort((a, b) => b.fixed - a.fixed);
const pageOf = (text: string) => {
  const path = text.split(/[?#]/)[0]!;
  // The root alone is also every cookie's and static folder's path, and "/*" ends a media type
  // ("image/*"); neither is counted as a link.
  return path === '' || path === '/' || path.includes('*') ? undefined : patterns.find((p) => p.re.test(path))?.name;
};

/** A substitution of a template literal, standing for one segment or a part of one. */
const HOLE = '\u0000';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Each route's path and aliases as segments, a parameter as null (matching any one segment). */
const routeSegments = routes.flatMap((r) =>
  [r.path, ...r.aliases].map((path) => {
    const segments = path.split('/').filter(Boolean);
    const optional = segments.at(-1)?.endsWith('?') ?? false;
    return { name: r.name, segments: segments.map((seg) => (seg.startsWith(':') ? null : seg)), optional };
  }),
);
/**
 * The route a template literal may open whatever its substitutions hold (`/user/${route}/${id}` may
 * be /user/editsurvey/:url or /user/editclientreport/:url): a segment with a substitution matches
 * any segment its fixed text allows. At least one segment must be fully written, so `/${a}/${b}` is
 * not read as an address.
 */
const templatePageOf = (text: string) => {
  const path = text.split(/[?#]/)[0]!;
  const segments = path.split('/').filter(Boolean);
  if (!segments.some((seg) => !seg.includes(HOLE))) return undefined;
  const matchers = segments.map((seg) => new RegExp(`^${seg.split(HOLE).map(escape).join('[^/]+')}$`));
  const fits = (route: (typeof routeSegments)[number], count: number) =>
    count === segments.length && matchers.every((m, i) => route.segments[i] === null || m.test(route.segments[i]!));
  return routeSegments.find((r) => fits(r, r.segments.length) || (r.optional && fits(r, r.segments.length - 1)))?.name;
};

/** Literals that read as a page address, each with its file and line. */
export function literalPaths(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let literal: string | null = null;
    let holed: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    // `/admin/blog/${id}`: the template's text with each substitution read as one segment.
    else if (ts.isTemplateExpression(node)) {
      literal = node.head.text + node.templateSpans.map((s) => `x${s.literal.text}`).join('');
      holed = node.head.text + node.templateSpans.map((s) => `${HOLE}${s.literal.text}`).join('');
    }
    if (literal?.startsWith('/') && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      const name = pageOf(literal) ?? (holed === null ? undefined : templatePageOf(holed));
      if (name) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} "${literal}" (use href('${name}'))`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('links by route name', () => {
  it('no page address is written as a literal in src/web or src/server', () => {
    expect(sources.flatMap((f) => literalPaths(f, readFileSync(join(root, f), 'utf8')))).toEqual([]);
    // Parses every tracked source: seconds on a loaded machine.
  }, 60_000);

  it('finds a literal address when there is one (the check can fail)', () => {
    const probe =
      'const a = <Link to="/user/roles">Roles</Link>;\nnavigate(`/admin/blog/${id}`);\n// "/user/roles" in a comment\n' +
      'const b = `/user/${route}/${r.id}`;\nconst c = `/${area}/${id}`;\n';
    expect(literalPaths('probe.tsx', probe)).toEqual([
      `probe.tsx:1 "/user/roles" (use href('roles'))`,
      `probe.tsx:2 "/admin/blog/x" (use href('blog_admin'))`,
      `probe.tsx:4 "/user/x/x" (use href('${templatePageOf(`/user/${HOLE}/${HOLE}`)}'))`,
    ]);
    // A route name in the place of a path segment: the route it may be is found whatever the name.
    expect(templatePageOf(`/user/${HOLE}/${HOLE}`)).toMatch(/^[a-z_]+$/);
  });
});
