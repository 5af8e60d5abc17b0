import { fileURLToPath } from 'node:url';
import { loadQuestionnaires, type QuestionnaireSource } from '../../../src/shared/assessment';

export const CONTENT_DIR = fileURLToPath(new URL('../../../content/assessments/', import.meta.url));

let cached: Promise<QuestionnaireSource> | undefined;
/** The real content, loaded once per test file. */
export function realSource(): Promise<QuestionnaireSource> {
  cached ??= loadQuestionnaires(CONTENT_DIR);
  return cached;
}
