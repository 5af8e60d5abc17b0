/** The evaluation as GET /evaluations/:id answers it (src/server/evaluations/evaluation-handlers.ts). */
export interface EvaluationReply {
  evaluation: {
    id: number;
    client_id: number;
    employee_id: number;
    evaluator_id: number;
    request_id: number | null;
    status: string;
    work_area: string;
    version: number;
    observations: Record<string, unknown>;
    rosa: Record<string, unknown>;
    recommendations: unknown[];
    client_wording: Record<string, Record<string, string>>;
    company_name: string;
    employee: { name: string; email: string } | null;
    author: { name: string; email: string } | null;
    state: { label: string; colour: string; editable: boolean } | null;
    submitted_at: string | null;
    finalized_at: string | null;
    updated_at: string;
  };
  can_edit: boolean;
  transitions: { name: string; label: string; to: string; needs_reason: boolean }[];
  history: { transition: string; from_status: string; to_status: string; reason: string; at: string; actor: string | null }[];
  versions: { version: number; status: string; saved_at: string; saved_by: string | null }[];
}

/** One row of GET /evaluations (src/server/evaluations/worklist-handlers.ts). */
export interface WorklistReport {
  id: number;
  client_id: number;
  company_name: string;
  employee_id: number;
  employee: string;
  author: string;
  request_id: number | null;
  work_area: string;
  status: string;
  label: string;
  editable: boolean;
  updated_at: string;
  submitted_at: string | null;
}
export interface WorklistMeeting {
  id: number;
  client_id: number;
  company_name: string;
  employee_id: number;
  employee: string;
  work_area: string;
  scheduled_at: string;
  meeting_url: string;
  time_zone: string;
}
export interface Worklist {
  mine: WorklistReport[] | null;
  meetings: WorklistMeeting[] | null;
  review: WorklistReport[] | null;
  approval: WorklistReport[] | null;
}
