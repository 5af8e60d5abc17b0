/**
 * The engine's entry point, as src/shared/assessment/README.md defines it. Until the scoring engine
 * (content/assessments/ and its functions) is merged, this file only declares the contract so the
 * server and browser type-check against it; the engine's own index.ts replaces it on merge.
 */
import type { AnswerValue, Answers, AssessmentChange, AssessmentLanguage, AssessmentResult, Question, Questionnaire, TextOverrides, WorkArea } from './types';

export * from './types';

/** Every work area's questionnaire with its texts in every language, as loaded from content/assessments/. */
export type QuestionnaireSource = unknown;

export declare function loadQuestionnaires(dir: string): QuestionnaireSource | Promise<QuestionnaireSource>;
export declare function localize(source: QuestionnaireSource, area: WorkArea, language: AssessmentLanguage, overrides?: TextOverrides): Questionnaire;
export declare function visibleQuestions(questionnaire: Questionnaire, answers: Answers): readonly Question[];
export declare function missingAnswers(questionnaire: Questionnaire, answers: Answers): readonly string[];
export declare function validateAnswers(questionnaire: Questionnaire, answers: Answers): readonly unknown[];
export declare function scoreAssessment(source: QuestionnaireSource, area: WorkArea, answers: Answers, language: AssessmentLanguage, overrides?: TextOverrides): AssessmentResult;
export declare function compareResults(current: AssessmentResult, previous: AssessmentResult, language: AssessmentLanguage): AssessmentChange;
export type { AnswerValue };
