import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, trackedSources } from '../helpers/source-files';

/**
 * Every admin form is a ManifestForm (src/web/components/form/manifest-form.tsx; manifest/README.md
 * "forms"): its fields, messages and validator come from manifest/forms/, it shows the server's
 * refusals under their fields and keeps the input, and it opens its `after_save` route. This finds a
 * page or part of one under src/web/pages/admin that renders a <form> of its own or RJSF's <Form>
 * directly; there is no exception (a table of texts, an upload and a picker are manifest forms too).
 */

/** The places a source renders a form without ManifestForm: a <form> element, or RJSF's Form imported directly. */
export function ownForms(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.tagName.getText() === 'form')
      found.push(`${file}:${line(node)} <form>`);
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === '@rjsf/core')
      found.push(`${file}:${line(node)} imports @rjsf/core`);
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('every admin form is a ManifestForm', () => {
  const pages = trackedSources(['src/web/pages/admin']).filter((f) => f.endsWith('.tsx'));

  it('no page under src/web/pages/admin renders a form of its own', () => {
    expect(pages.length).toBeGreaterThan(10);
    const found = pages.flatMap((f) => ownForms(f, readFileSync(join(repositoryRoot, f), 'utf8')));
    expect(found).toEqual([]);
  }, 60_000);

  it('finds a hand-made form and a direct RJSF form (the check can fail)', () => {
    const probe = [
      "import Form from '@rjsf/core';",
      'export const A = () => <form onSubmit={save}><input /></form>;',
      'export const B = () => <ManifestForm form="video" submitText="Save" submit={save} />;',
      '// <form> in a comment',
    ].join('\n');
    expect(ownForms('probe.tsx', probe)).toEqual(['probe.tsx:1 imports @rjsf/core', 'probe.tsx:2 <form>']);
  });
});
