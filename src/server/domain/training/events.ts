import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { TrainingVerb } from '../../../shared/training/types';

export interface EnrolmentRef {
  readonly id: string;
  readonly client_id: number;
  readonly user_id: number;
  readonly course_id: string;
}

export interface TrainingStep {
  readonly verb: TrainingVerb;
  readonly module?: string;
  readonly question?: string;
  readonly score?: number;
  readonly success?: boolean;
}

/**
 * Records steps for the client's learning system (training_events, migration 036), in the
 * transaction that records the step itself, so an event exists exactly when its step happened.
 */
export async function recordSteps(
  trx: Transaction<Database>,
  enrolment: EnrolmentRef,
  steps: readonly TrainingStep[],
  now: Date,
): Promise<void> {
  if (steps.length === 0) return;
  await trx
    .insertInto('training_events')
    .values(
      steps.map((s) => ({
        client_id: enrolment.client_id,
        user_id: enrolment.user_id,
        enrolment_id: enrolment.id,
        course_id: enrolment.course_id,
        module_id: s.module ?? null,
        question_id: s.question ?? null,
        verb: s.verb,
        score: s.score ?? null,
        success: s.success ?? null,
        created_at: now,
      })),
    )
    .execute();
}
