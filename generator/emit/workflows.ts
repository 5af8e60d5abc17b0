import { VariableDeclarationKind } from 'ts-morph';
import type { Model } from '../model';
import { emitSourceFile, literal, union, type EmittedFile } from './common';

const pascal = (name: string) =>
  name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * generated/workflows.ts: per workflow a state union, a transition-name union and the typed
 * definition (states with label, colour and flags; the transition table), in manifest order, which is
 * the order the browser shows them. The server fires only what this table holds.
 */
export function emitWorkflows(model: Model): EmittedFile {
  return emitSourceFile('workflows.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../src/shared/workflow', namedImports: ['WorkflowDefinition'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './permissions', namedImports: ['Permission'] });
    for (const workflow of model.workflows) {
      const type = pascal(workflow.name);
      const { file: _file, ...definition } = workflow;
      file.addTypeAlias({
        isExported: true,
        name: `${type}State`,
        type: union(workflow.states.map((s) => s.key)),
        docs: [`The states of manifest/workflows/${workflow.name}.yaml (${workflow.title}).`],
      });
      file.addTypeAlias({ isExported: true, name: `${type}TransitionName`, type: union(workflow.transitions.map((t) => t.name)) });
      file.addVariableStatement({
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        declarations: [
          {
            name: `${workflow.name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}Workflow`,
            type: `WorkflowDefinition<${type}State, ${type}TransitionName, Permission>`,
            initializer: literal(definition),
          },
        ],
      });
    }
  });
}
