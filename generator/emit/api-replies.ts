import { VariableDeclarationKind } from 'ts-morph';
import type { Model } from '../model';
import { sortBy } from '../order';
import { emitSourceFile, literal, type EmittedFile } from './common';

/**
 * generated/api-replies.ts: what each SPEC §7 call declares about its answers, for the test
 * servers' reply check (src/server/http/reply-check.ts): the `data` schema of its JSON success
 * (`response`), the media types of any other success (`produces`) and the error statuses it lists
 * itself (`errors`). Only calls that declare one of them appear. The server never reads this file
 * outside tests, and the browser never does.
 */
export function emitApiReplies(model: Model): EmittedFile {
  const entries = sortBy(model.apiCalls, (c) => c.name)
    .filter((c) => c.response || c.produces || c.declaredErrors)
    .map((c) => [
      c.name,
      {
        ...(c.response ? { response: c.response } : {}),
        ...(c.produces ? { produces: c.produces } : {}),
        ...(c.declaredErrors ? { errors: c.declaredErrors } : {}),
      },
    ]);
  return emitSourceFile('api-replies.ts', (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './api', namedImports: ['ApiCallName'] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: '../src/shared/model', namedImports: ['ApiReplyDeclaration'] });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Per call: its success `data` schema, other media types, and its own error statuses (manifest/api/*.yaml).'],
      declarations: [
        {
          name: 'apiReplies',
          type: 'Readonly<Partial<Record<ApiCallName, ApiReplyDeclaration>>>',
          initializer: literal(Object.fromEntries(entries)),
        },
      ],
    });
  });
}
