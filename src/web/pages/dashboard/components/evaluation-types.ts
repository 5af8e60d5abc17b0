import type { ApiResponse } from '../../../../../generated/api-types';

/** The evaluation as GET /evaluations/:id answers it (manifest/api/evaluations.yaml evaluation_get). */
export type EvaluationReply = ApiResponse<'evaluation_get'>;

/** The caller's lists of GET /evaluations (manifest/api/evaluations.yaml evaluation_worklist); a list they may not see is null. */
export type Worklist = ApiResponse<'evaluation_worklist'>;
/** One report row of the worklist. */
export type WorklistReport = NonNullable<Worklist['mine']>[number];
/** One booked meeting of the worklist. */
export type WorklistMeeting = NonNullable<Worklist['meetings']>[number];
