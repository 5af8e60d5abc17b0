/**
 * Rows of submitted self-assessments, narrowed for their replies. Migration 005's CHECK sets
 * `submitted_at`, `report_token` and `result` together with status 'submitted', so the queries'
 * nullable columns are never null on these rows; the predicates say so to the compiler and drop a row
 * that broke it rather than answer a report without its time or address (SPEC §7 declared replies).
 */
type Stamped = { readonly submitted_at: Date | null };

export const wasSubmitted = <R extends Stamped>(row: R): row is R & { readonly submitted_at: Date } => row.submitted_at !== null;

export const withReport = <R extends Stamped & { readonly report_token: string | null }>(
  row: R,
): row is R & { readonly submitted_at: Date; readonly report_token: string } => row.submitted_at !== null && row.report_token !== null;
