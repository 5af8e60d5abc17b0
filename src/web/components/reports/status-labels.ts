import type { CSSProperties } from 'react';
import { evaluationWorkflow } from '../../../../generated/workflows';
import { stateOf } from '../../../shared/workflow';
import { isEvaluationState, isEvaluationTransition, stateKey, transitionKey } from '../../../shared/workflow-terms';
import type { InterfaceKey } from '../../i18n/keys';
import type { T } from '../../i18n/texts';

/**
 * Status words in the reader's language (SPEC §2): the server sends codes (a report's state, a
 * request's state, a workflow transition's name) and the page words them. The report states and
 * transitions are those of manifest/workflows/evaluation.yaml (src/shared/workflow-terms.ts), so a
 * state added there without its interface text fails typecheck here.
 */
const REQUEST_CODES = ['requested', 'scheduled', 'cancelled', 'completed'] as const;

const has = (list: readonly string[], code: string) => list.includes(code);

/** An evaluation report's state ("pending_client_approval") in the reader's language. */
export function evaluationStatus(t: T, code: string): string {
  return isEvaluationState(code) ? t(stateKey(code)) : code.replace(/_/g, ' ');
}

/**
 * The badge of a report's state: its SPEC §3 colour from the manifest (text on white, at least 4.5:1,
 * WCAG 2.2 SC 1.4.3, which the generator checks); the words always say the state too.
 */
export function evaluationStatusBadge(code: string): { className: string; style?: CSSProperties } {
  const state = stateOf(evaluationWorkflow, code);
  return state ? { className: 'status status-workflow', style: { color: state.colour } } : { className: 'status status-unknown' };
}

/**
 * A self-assessment report's status: the server keeps it as the SPEC §3 English word "Finalized"
 * (assessment_attempts.report_status, set on submission), the one status such a report has.
 */
export function selfAssessmentStatus(t: T, status: string): string {
  return status === SELF_ASSESSMENT_FINALIZED ? t(stateKey('finalized')) : status;
}
const SELF_ASSESSMENT_FINALIZED = 'Finalized';

/** An evaluation request's state ("scheduled") in the reader's language. */
export function requestStatus(t: T, code: string): string {
  return has(REQUEST_CODES, code) ? t(`staff.request_status.${code}` as InterfaceKey) : code.replace(/_/g, ' ');
}

/** A workflow transition's words by its name (manifest/workflows/evaluation.yaml): a button, a history row. */
export function transitionLabel(t: T, name: string): string {
  return isEvaluationTransition(name) ? t(transitionKey(name)) : name.replace(/_/g, ' ');
}

/** A risk band ("moderate") as "moderate risk" in the reader's language. */
export function riskBand(t: T, band: string): string {
  return ['low', 'moderate', 'high'].includes(band) ? t(`staff.band.${band as 'low'}`) : band;
}
