import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The folders whose every word goes through t() (src/web/i18n). The list only grows: a folder is
 * added once its texts are in content/interface/. Not yet covered (English only): components
 * other than errors, video, reports, content, discomfort, links, form, grid and charts.
 */
const COVERED = [
  'src/web/layouts',
  'src/web/menus',
  'src/web/shell',
  'src/web/pages/auth',
  'src/web/pages/errors',
  'src/web/pages/profile',
  'src/web/components/errors',
  'src/web/components/video',
  'src/web/pages/videos',
  'src/web/pages/help',
  'src/web/pages/assessment',
  'src/web/pages/reports',
  'src/web/components/reports',
  'src/web/pages/guidance',
  'src/web/pages/branded',
  'src/web/components/content',
  'src/web/components/discomfort',
  'src/web/components/links',
  'src/web/components/form',
  'src/web/pages/site',
  'src/web/pages/admin',
  'src/web/components/grid',
  'src/web/pages/dashboard',
  'src/web/popups',
  'src/web/components/charts',
  'src/web/components/assessment',
  'src/web/components/client-texts',
  'src/web/app',
  'src/web/session',
  'src/web/api',
];
/**
 * Pages in a covered folder that stay English: the style guide (/user/style_guide) is a page for
 * the people who build the portal's pages, not for employees (SPEC §2).
 */
const DEVELOPER_PAGES = new Set(['src/web/pages/site/style-guide.tsx', 'src/web/pages/site/components/style-guide-demos.tsx']);
/** Attributes a reader hears or sees. */
const ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
/** Operators whose string operands are compared, not shown. */
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
/** Names that are the same in every language. */
const NAMES = new Set(['Ergo', 'Portal', 'ErgoPortal']);

const root = resolve(import.meta.dirname, '../../..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    if (DEVELOPER_PAGES.has(relative(root, path))) return [];
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(f) ? [path] : [];
  });
const wordy = (text: string) =>
  /\p{L}{2,}/u.test(
    text
      .split(/\s+/)
      .filter((w) => !NAMES.has(w))
      .join(' '),
  );

/** Text in JSX and string attributes a reader meets, not passed through t(). */
function untranslated(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && wordy(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : null;
      if (literal && wordy(literal.text)) found.push(`${where(node)} ${node.name.getText()}="${literal.text}"`);
    }
    // A string in JSX braces ({'Sign in'}, {busy ? 'Saving…' : 'Save'}).
    if (ts.isJsxExpression(node) && node.expression) {
      const strings: ts.Node[] = [];
      const collect = (n: ts.Node) => {
        if (ts.isStringLiteralLike(n)) strings.push(n);
        // A comparison's operands are values, never shown ({state === 'loading' && …}); its result is a boolean.
        else if (ts.isBinaryExpression(n) && COMPARISONS.has(n.operatorToken.kind)) return;
        else if (ts.isConditionalExpression(n) || ts.isBinaryExpression(n) || ts.isParenthesizedExpression(n)) n.forEachChild(collect);
      };
      if (!ts.isJsxAttribute(node.parent)) collect(node.expression);
      for (const s of strings) if (wordy((s as ts.StringLiteral).text)) found.push(`${where(s)} "${(s as ts.StringLiteral).text}"`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('no interface word outside content/interface in the translated folders', () => {
  for (const folder of COVERED) {
    it(folder, () => {
      expect(files(resolve(root, folder)).flatMap(untranslated)).toEqual([]);
    });
  }

  it('finds a literal when there is one (the check can fail)', () => {
    const probe = join(root, 'tests/unit/i18n/fixtures/untranslated.tsx');
    expect(untranslated(probe)).toHaveLength(4);
  });
});
