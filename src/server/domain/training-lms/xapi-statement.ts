import { createHash } from 'node:crypto';

/**
 * One training step as an xAPI 1.0.3 statement (docs/product.md "Training: learning systems").
 *
 * - Actor: an account on the product's address whose name is the employee's account number, never
 *   an e-mail address or a name. The client's LRS is a third system; a pseudonym keeps the person's
 *   identity with ErgoPortal, and the client's administrators map it to people through their own
 *   user list when they need to (GDPR art. 4(5), art. 25 "data protection by default").
 * - Verbs from the ADL vocabulary (http://adlnet.gov/expapi/verbs/): starting a course is
 *   "attempted"; answered, passed, failed and completed are the verbs of those names.
 * - Object: an activity id under the product's address for the course, module or question.
 * - id: a name-based UUID (RFC 4122 version 5) of the event's id, so a statement sent again after a
 *   lost reply is the same statement and the LRS stores it once.
 */
export type TrainingVerb = 'started' | 'answered' | 'passed' | 'failed' | 'completed';

export const XAPI_VERBS: Record<TrainingVerb, { id: string; display: string }> = {
  started: { id: 'http://adlnet.gov/expapi/verbs/attempted', display: 'attempted' },
  answered: { id: 'http://adlnet.gov/expapi/verbs/answered', display: 'answered' },
  passed: { id: 'http://adlnet.gov/expapi/verbs/passed', display: 'passed' },
  failed: { id: 'http://adlnet.gov/expapi/verbs/failed', display: 'failed' },
  completed: { id: 'http://adlnet.gov/expapi/verbs/completed', display: 'completed' },
};

/** The namespace of every statement and registration id (a fixed random UUID of this product). */
const NAMESPACE = '5b0c7f9e-2d1a-4c38-9a57-3e6f1c2b8d40';

/** RFC 4122 §4.3 name-based UUID, SHA-1 (version 5). */
export function uuidV5(name: string, namespace = NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface TrainingEventFacts {
  id: string;
  user_id: number;
  enrolment_id: string;
  course_id: string;
  module_id: string | null;
  question_id: string | null;
  verb: TrainingVerb;
  score: number | null;
  success: boolean | null;
  created_at: Date;
}

/** The activity id of a course, module or question under the product's address. */
export function activityId(base: string, course: string, module?: string | null, question?: string | null): string {
  const parts = [course, module, question].filter((p): p is string => !!p).map(encodeURIComponent);
  return `${base.replace(/\/+$/, '')}/training/${parts.join('/')}`;
}

export function statementOf(event: TrainingEventFacts, base: string) {
  const origin = base.replace(/\/+$/, '');
  const object = activityId(origin, event.course_id, event.module_id, event.question_id);
  const type = event.question_id
    ? 'http://adlnet.gov/expapi/activities/cmi.interaction'
    : event.module_id
      ? 'http://adlnet.gov/expapi/activities/module'
      : 'http://adlnet.gov/expapi/activities/course';
  const parents = event.question_id
    ? [activityId(origin, event.course_id, event.module_id)]
    : event.module_id
      ? [activityId(origin, event.course_id)]
      : [];
  const hasResult = event.score !== null || event.success !== null || event.verb === 'completed';
  return {
    id: uuidV5(`${origin}/training-events/${event.id}`),
    actor: { objectType: 'Agent', account: { homePage: origin, name: String(event.user_id) } },
    verb: { id: XAPI_VERBS[event.verb].id, display: { 'en-US': XAPI_VERBS[event.verb].display } },
    object: { objectType: 'Activity', id: object, definition: { type } },
    ...(hasResult
      ? {
          result: {
            ...(event.score !== null ? { score: { scaled: event.score / 100, raw: event.score, min: 0, max: 100 } } : {}),
            ...(event.success !== null ? { success: event.success } : {}),
            ...(event.verb === 'completed' ? { completion: true } : {}),
          },
        }
      : {}),
    context: {
      registration: uuidV5(`${origin}/training-enrolments/${event.enrolment_id}`),
      platform: 'ErgoPortal',
      ...(parents.length ? { contextActivities: { parent: parents.map((id) => ({ id, objectType: 'Activity' })) } } : {}),
    },
    timestamp: new Date(event.created_at).toISOString(),
  };
}
