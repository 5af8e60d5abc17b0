import type { JobHandler } from './job-runner';
import { reassessmentReminderJob } from '../domain/assessments/reassessment-reminder';
import { followUpJob } from '../domain/evaluations/follow-up';
import { actionReminderJob } from '../domain/actions/reminder-job';
import { overdueLoanJob } from '../domain/equipment/overdue-loan-job';
import { trainingDailyJob } from '../domain/training/daily-job';

/** Every kind of scheduled job the server runs (README "Scheduled jobs": add a kind here). */
export const jobKinds: readonly JobHandler[] = [reassessmentReminderJob, followUpJob, actionReminderJob, overdueLoanJob, trainingDailyJob];
