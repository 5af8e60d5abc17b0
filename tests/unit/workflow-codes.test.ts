import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { trackedSources } from '../helpers/source-files';
import { evaluationWorkflow } from '../../generated/workflows';

/**
 * The server sends a workflow's state codes and transition names; the browser words them in the
 * reader's language (SPEC §2; src/shared/workflow-terms.ts). This reads src/web and src/server and
 * finds (1) a literal list of the workflow's states (an array, a union type, an SQL `IN (…)`) of three
 * or more states, which belongs in manifest/workflows/*.yaml, and (2) a server file that reads a
 * state's or a transition's English `label`, which only the API's English sentences may do, through
 * src/shared/workflow-terms.ts. One or two states named in a rule (`status = 'finalized'`) are not a
 * list.
 */
const root = resolve(import.meta.dirname, '../..');
const sources = trackedSources(['src/web', 'src/server']);
const STATES = new Set<string>(evaluationWorkflow.states.map((s) => s.key));
const LIST = 3;

const quotedStates = (text: string) => new Set([...text.matchAll(/['"`]([a-z_]+)['"`]/g)].map((m) => m[1]!).filter((w) => STATES.has(w)));

/** Literal state lists and workflow label reads in one file, each with its line. */
export function workflowLiterals(file: string, text: string): string[] {
  const readsWorkflow = /generated\/workflows'|shared\/workflow'/.test(text);
  // Only files that name a state or read the workflow are parsed (the scan covers a thousand files).
  if (quotedStates(text).size === 0 && !readsWorkflow) return [];
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    let states: Set<string> | null = null;
    if (ts.isArrayLiteralExpression(node))
      states = new Set(
        node.elements.filter((e) => ts.isStringLiteralLike(e) && STATES.has(e.text)).map((e) => (e as ts.StringLiteral).text),
      );
    else if (ts.isUnionTypeNode(node))
      states = new Set(
        node.types
          .filter((t) => ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) && STATES.has(t.literal.text))
          .map((t) => ((t as ts.LiteralTypeNode).literal as ts.StringLiteral).text),
      );
    // SQL text: `status IN ('finalized', 'declined', 'hidden')`.
    else if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) states = quotedStates(node.text);
    else if (ts.isTemplateExpression(node)) states = quotedStates(node.getText(source));
    if (states && states.size >= LIST) found.push(`${at(node)} lists the states ${[...states].join(', ')}`);
    if (file.startsWith('src/server/') && readsWorkflow && ts.isPropertyAccessExpression(node) && node.name.text === 'label')
      found.push(`${at(node)} reads a workflow label (${node.getText(source)})`);
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('workflow states travel as codes', () => {
  it('no file of src/web or src/server spells a state list or builds a state or transition label', () => {
    expect(sources.flatMap((f) => workflowLiterals(f, readFileSync(join(root, f), 'utf8')))).toEqual([]);
  }, 60_000);

  it('finds a literal state list and a label read when there is one (the check can fail)', () => {
    const probe = [
      "import { evaluationWorkflow } from '../../../generated/workflows';",
      "const closed = ['finalized', 'declined', 'hidden'];",
      "type Open = 'draft' | 'in_review' | 're_review';",
      "const q = sql`SELECT 1 WHERE status NOT IN ('finalized', 'declined', 'hidden') AND id = ${id}`;",
      'const message = `The report is now ${stateOf(evaluationWorkflow, s)?.label}.`;',
      "const one = status === 'finalized';",
    ].join('\n');
    expect(workflowLiterals('src/server/probe.ts', probe)).toEqual([
      'src/server/probe.ts:2 lists the states finalized, declined, hidden',
      'src/server/probe.ts:3 lists the states draft, in_review, re_review',
      'src/server/probe.ts:4 lists the states finalized, declined, hidden',
      'src/server/probe.ts:5 reads a workflow label (stateOf(evaluationWorkflow, s)?.label)',
    ]);
  });
});
