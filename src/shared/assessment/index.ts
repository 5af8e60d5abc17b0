/**
 * The self-assessment engine (README.md): load and localize questionnaires, branch, validate and
 * score answers, compare attempts. Server and browser both import from here; the loader pulls its
 * Node-only modules in lazily.
 */
export * from './types';
export { loadQuestionnaires, type LoadOptions } from './load';
export { localize } from './localize';
export { visibleQuestions, missingAnswers } from './branching';
export { validateAnswers, type AnswerProblem } from './validate';
export { scoreAssessment, bandOf, shareScore } from './scoring';
export { compareResults } from './compare';
export { AssessmentContentError, type ContentProblem } from './parse';
export { reportTextKeys } from './text-keys';
export { UI_KEYS, uiTexts, fill, type UiKey, type UiTexts } from './ui-texts';
export { CMDQ_REGIONS, type CmdqRegion } from './cmdq-regions';
export type { QuestionnaireSource, SourceQuestionnaire, SourceQuestion, SourceSection, SourceOption, FindingDefinition } from './source';
