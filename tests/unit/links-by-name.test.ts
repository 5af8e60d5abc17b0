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
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    // `/admin/blog/${id}`: the template's text with each substitution read as one segment.
    else if (ts.isTemplateExpression(node)) literal = node.head.text + node.templateSpans.map((s) => `x${s.literal.text}`).join('');
    if (literal?.startsWith('/') && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      const name = pageOf(literal);
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
  });

  it('finds a literal address when there is one (the check can fail)', () => {
    const probe = 'const a = <Link to="/user/roles">Roles</Link>;\nnavigate(`/admin/blog/${id}`);\n// "/user/roles" in a comment\n';
    expect(literalPaths('probe.tsx', probe)).toEqual([
      `probe.tsx:1 "/user/roles" (use href('roles'))`,
      `probe.tsx:2 "/admin/blog/x" (use href('blog_admin'))`,
    ]);
  });
});
