import { join } from 'node:path';
import { buildModel, type Model } from './model';
import { parseManifest } from './parse';
import { resolveApiRefs } from './refs';
import { ManifestError } from './problems';
import { checkSchemas } from './schema-check';
import { checkSemantics } from './semantic-check';
import { checkNumberBounds } from './number-bounds';
import { checkWorkflows } from './workflow-check';
import { checkGrids } from './grid-check';
import { checkPageFiles } from './page-check';
import type { EmittedFile } from './emit/common';
import { emitPermissions } from './emit/permissions';
import { emitRoutes } from './emit/routes';
import { emitMenus } from './emit/menus';
import { emitLanding } from './emit/landing';
import { emitApi, emitApiAccess, emitBranding, emitContentSections, emitIndex } from './emit/small';
import { emitApiShell, emitApiTypes } from './emit/api-types';
import { emitApiReplies } from './emit/api-replies';
import { emitFormLoaders, emitFormParts, emitForms } from './emit/forms';
import { emitValidators } from './emit/validators';
import { emitWorkflows } from './emit/workflows';
import { emitGrids } from './emit/grids';

export interface PipelineOptions {
  /** Repository root, used to name files in problem messages. */
  readonly root: string;
  readonly manifestDir: string;
  readonly schemasDir?: string;
  /**
   * Where page keys name files (`<pagesDir>/<page>.tsx`). When set, a route whose page has no file is
   * a problem, not a route that silently renders its frame (docs/architecture.md "Generators").
   */
  readonly pagesDir?: string;
}

/** parse → resolve $refs → validate (schemas) → model → validate (semantics); throws ManifestError listing every problem. */
export function loadModel(options: PipelineOptions): Model {
  const { files, problems } = parseManifest(options.manifestDir, options.root);
  problems.push(...resolveApiRefs(files));
  problems.push(...checkSchemas(files, options.schemasDir ?? join(options.root, 'schemas')));
  if (problems.length > 0) throw new ManifestError(problems);
  const model = buildModel(files);
  const semantic = [
    ...checkSemantics(model),
    ...checkNumberBounds(model),
    ...checkWorkflows(model),
    ...checkGrids(model),
    ...(options.pagesDir ? checkPageFiles(model, options.pagesDir) : []),
  ];
  if (semantic.length > 0) throw new ManifestError(semantic);
  return model;
}

/** The whole pipeline: the text of every generated file, in a fixed order. */
export function generate(options: PipelineOptions): EmittedFile[] {
  const model = loadModel(options);
  const files = [
    emitPermissions(model),
    emitRoutes(model),
    emitMenus(model),
    emitLanding(model),
    emitBranding(model),
    emitContentSections(model),
    emitApi(model),
    emitApiAccess(model),
    emitApiTypes(model),
    emitApiShell(model),
    emitApiReplies(model),
    emitForms(model),
    emitFormLoaders(model),
    emitWorkflows(model),
    emitGrids(model),
  ];
  files.push(emitIndex(files.map((f) => f.path.replace(/\.ts$/, ''))));
  files.push(...emitFormParts(model), ...emitValidators(model));
  return files;
}
