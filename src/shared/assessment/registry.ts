/**
 * The source most recently loaded, for `compareResults`, whose contract signature carries no source:
 * the server loads the questionnaires once at start, so the change sentence can still be written in
 * the text files' words rather than in code.
 */
import type { QuestionnaireSource } from './source';

let loaded: QuestionnaireSource | undefined;

export function rememberSource(source: QuestionnaireSource): void {
  loaded = source;
}

export function rememberedSource(): QuestionnaireSource | undefined {
  return loaded;
}
