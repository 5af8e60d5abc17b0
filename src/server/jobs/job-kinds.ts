import type { JobHandler } from './job-runner';
import { reassessmentReminderJob } from '../assessments/reassessment-reminder';
import { followUpJob } from '../evaluations/follow-up';
import { actionReminderJob } from '../api/actions/reminder-job';

/** Every kind of scheduled job the server runs (README "Scheduled jobs": add a kind here). */
export const jobKinds: readonly JobHandler[] = [reassessmentReminderJob, followUpJob, actionReminderJob];
