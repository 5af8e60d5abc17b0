import type { InterfaceKey } from '../../i18n/keys';
import type { T } from '../../i18n/texts';

/**
 * Status words in the reader's language (SPEC §2), translated on the client by their code: the
 * server and the workflow manifest keep the SPEC §3 labels in English.
 */
const EVALUATION_CODES = [
  'draft',
  'in_review',
  're_review',
  'evaluator_reviewed',
  'evaluator_qc_reviewed',
  'pending_client_approval',
  'finalized',
  'declined',
  'hidden',
] as const;
/** The SPEC §3 English labels (manifest/workflows/evaluation.yaml), for labels the server sends. */
const EVALUATION_BY_LABEL: Record<string, string> = {
  Draft: 'draft',
  'In Review': 'in_review',
  'Re-Review': 're_review',
  'Evaluator Reviewed': 'evaluator_reviewed',
  'Evaluator QC Reviewed': 'evaluator_qc_reviewed',
  'Pending Client Approval': 'pending_client_approval',
  Finalized: 'finalized',
  Declined: 'declined',
  Hidden: 'hidden',
};
const REQUEST_CODES = ['requested', 'scheduled', 'cancelled', 'completed'] as const;
const TRANSITIONS = [
  'submit',
  'send_back',
  'resubmit',
  'review',
  'pass_qc',
  'send_for_approval',
  'finalize',
  'approve',
  'decline',
  'hide',
  'unhide',
];

const has = (list: readonly string[], code: string) => list.includes(code);

/** An evaluation report's status ("pending_client_approval") in the reader's language. */
export function evaluationStatus(t: T, code: string): string {
  return has(EVALUATION_CODES, code) ? t(`staff.status.${code}` as InterfaceKey) : code.replace(/_/g, ' ');
}

/** A SPEC §3 status label the server sent in English ("Pending Client Approval") in the reader's language. */
export function evaluationStatusLabel(t: T, label: string): string {
  const code = EVALUATION_BY_LABEL[label];
  return code ? evaluationStatus(t, code) : label;
}

/** An evaluation request's state ("scheduled") in the reader's language. */
export function requestStatus(t: T, code: string): string {
  return has(REQUEST_CODES, code) ? t(`staff.request_status.${code}` as InterfaceKey) : code.replace(/_/g, ' ');
}

/** A workflow transition's button label by its name (manifest/workflows/evaluation.yaml), else as sent. */
export function transitionLabel(t: T, name: string, english: string): string {
  return has(TRANSITIONS, name) ? t(`staff.transition.${name}` as InterfaceKey) : english;
}

/** A risk band ("moderate") as "moderate risk" in the reader's language. */
export function riskBand(t: T, band: string): string {
  return ['low', 'moderate', 'high'].includes(band) ? t(`staff.band.${band as 'low'}`) : band;
}
