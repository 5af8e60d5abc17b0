import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every word of src/web goes through t() (src/web/i18n): coverage is on by default, so a new page,
 * grid or form folder is checked the day it is added. Only the build scripts, which no reader sees,
 * are left out.
 */
const NOT_SHOWN = new Set(['src/web/build']);
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
    if (DEVELOPER_PAGES.has(relative(root, path)) || NOT_SHOWN.has(relative(root, path))) return [];
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
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
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
  const folders = [
    'src/web',
    ...readdirSync(join(root, 'src/web'))
      .map((f) => `src/web/${f}`)
      .filter((f) => statSync(join(root, f)).isDirectory() && !NOT_SHOWN.has(f) && files(join(root, f)).length > 0),
  ];
  for (const folder of folders) {
    // The first entry is src/web's own files; each folder below it is its own case.
    const own = folder === 'src/web';
    it(own ? 'src/web (its own files)' : folder, () => {
      const list = own
        ? files(join(root, folder)).filter((f) => relative(join(root, folder), f).indexOf('/') < 0)
        : files(join(root, folder));
      expect(list.length).toBeGreaterThan(0);
      expect(list.flatMap(untranslated)).toEqual([]);
    });
  }

  it('finds a literal when there is one (the check can fail)', () => {
    const probe = join(root, 'tests/unit/i18n/fixtures/untranslated.tsx');
    expect(untranslated(probe)).toHaveLength(4);
  });
});
