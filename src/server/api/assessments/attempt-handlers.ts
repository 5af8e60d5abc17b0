import type { AssessmentAttemptsTable } from '../../db/schema';
import { withReport } from '../../domain/assessments/submitted-rows';
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql, type Selectable } from 'kysely';
import {
  WORK_AREAS,
  type Answers,
  type AssessmentResult,
  type Questionnaire,
  type TextOverrides,
  type WorkArea,
} from '../../../shared/assessment/types';
import type { AppContext, Caller } from '../../context';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers, RequestWith, SignedInRequest } from '../../http/handler-types';
import { clientWorkAreas, selfAssessmentEnabled } from '../../domain/assessments/access';
import { WORK_AREA_NAMES } from '../../../shared/assessment/offered-areas';
import { actionsFromSelfAssessment } from '../../domain/actions/create-actions';
import { scheduleReassessmentReminder } from '../../domain/assessments/reassessment-reminder';
import { dashboardFacts } from '../../domain/assessments/dashboard-facts';
import { translator } from '../../../shared/assessment/texts';
import {
  assessmentLanguage,
  clientOverrides,
  engine,
  localizedArea,
  problemText,
  questionnaireSource,
} from '../../domain/assessments/engine';

const NOT_FOUND = 'Not found.';
const ATTEMPT_NOT_FOUND = 'This self-assessment was not found.';

/** SPEC §6: with TakeASelfAssessment off every self-assessment call answers as if it did not exist. */
async function guard(ctx: AppContext, request: SignedInRequest, reply: FastifyReply): Promise<Caller | null> {
  const caller = request.caller;
  if (await selfAssessmentEnabled(ctx.db, caller.clientId)) return caller;
  fail(reply, 404, NOT_FOUND);
  return null;
}

function attemptId(request: RequestWith<{ id: string }>): string | null {
  const id = request.params.id;
  return /^[1-9]\d{0,17}$/.test(id) ? id : null;
}

/** The caller's own attempt taken for the current client; anybody else's is "not found". */
async function ownAttempt(ctx: AppContext, caller: Caller, id: string | null) {
  if (!id) return undefined;
  return ctx.db
    .selectFrom('assessment_attempts')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .where('client_id', '=', caller.clientId)
    .executeTakeFirst();
}

/** Drops answers set to null (cleared by the employee) so they count as unanswered. */
function withoutCleared(answers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== null && v !== undefined));
}

function questionText(questionnaire: Questionnaire, id: string): string {
  return questionnaire.sections.flatMap((s) => s.questions).find((q) => q.id === id)?.text ?? id;
}

type AttemptRow = Selectable<AssessmentAttemptsTable>;
const attemptView = (
  row: Pick<
    AttemptRow,
    'id' | 'area' | 'language' | 'questionnaire_version' | 'answers' | 'status' | 'sections_done' | 'started_at' | 'updated_at'
  >,
) => ({
  id: String(row.id),
  area: row.area,
  language: row.language,
  version: row.questionnaire_version,
  answers: row.answers,
  status: row.status,
  sections_done: row.sections_done,
  started_at: row.started_at,
  updated_at: row.updated_at,
});

export const assessmentAttemptHandlers = {
  /**
   * The work areas the caller's client offers (its work areas and content access), for any form that
   * asks for one (the evaluation request); unlike the self-assessment calls it does not depend on
   * the client's self-assessment menu item.
   */
  async work_areas(ctx, request, reply) {
    const areas = await clientWorkAreas(ctx.db, request.caller.clientId);
    return ok(reply, { areas: areas.map((id) => ({ id, name: WORK_AREA_NAMES[id] })) });
  },

  /** The sign-up page: the areas, the caller's attempts in progress and previous reports. */
  async assessment_overview(ctx, request, reply) {
    const caller = await guard(ctx, request, reply);
    if (!caller) return reply;
    const rows = await ctx.db
      .selectFrom('assessment_attempts')
      .select(['id', 'area', 'status', 'started_at', 'updated_at', 'submitted_at', 'report_token', 'result', 'sections_done'])
      .where('user_id', '=', caller.userId)
      .where('client_id', '=', caller.clientId)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    // The page's words and the areas' titles in the caller's language, with the client's wording (ui-texts.ts).
    const language = assessmentLanguage(caller.profile.language);
    const [source, overrides] = await Promise.all([questionnaireSource(), clientOverrides(ctx.db, caller.clientId, 'office', language)]);
    const t = translator(source, language, overrides);
    return ok(reply, {
      language,
      texts: {
        ...engine.uiTexts(source, language, overrides),
        ...Object.fromEntries(WORK_AREAS.map((a) => [`area.${a}.title`, t(`area.${a}.title`)])),
      },
      // Only the areas the client offers (its work areas and content access).
      areas: await clientWorkAreas(ctx.db, caller.clientId),
      in_progress: rows
        .filter((r) => r.status === 'in_progress')
        .map((r) => ({ id: String(r.id), area: r.area, updated_at: r.updated_at, sections_done: r.sections_done })),
      submitted: rows
        .filter((r) => r.status === 'submitted')
        .filter(withReport)
        .map((r) => ({
          area: r.area,
          submitted_at: r.submitted_at,
          url: r.report_token,
          overall: (r.result as AssessmentResult).overall,
        })),
    });
  },

  /** The questionnaire for an area in the caller's language with the client's wording. */
  async assessment_questionnaire(ctx, request, reply) {
    const caller = await guard(ctx, request, reply);
    if (!caller) return reply;
    const area = request.params.area;
    if (!((await clientWorkAreas(ctx.db, caller.clientId)) as readonly string[]).includes(area))
      return fail(reply, 404, 'There is no self-assessment for this work area.');
    const { questionnaire } = await localizedArea(ctx.db, caller.clientId, area as WorkArea, assessmentLanguage(caller.profile.language));
    return ok(reply, { questionnaire });
  },

  /**
   * Starts a new attempt, optionally pre-filled with the answers of the caller's last submitted one
   * for the same area (SPEC §1: as many times as they like). Earlier unfinished attempts at the same
   * area are discarded so that "continue" always means the newest.
   */
  async assessment_start(ctx, request, reply) {
    const caller = await guard(ctx, request, reply);
    if (!caller) return reply;
    const body = request.payload;
    // An area the client does not offer does not exist for its employees; nothing is created.
    if (!(await clientWorkAreas(ctx.db, caller.clientId)).includes(body.area))
      return fail(reply, 404, 'There is no self-assessment for this work area.');
    const { questionnaire } = await localizedArea(ctx.db, caller.clientId, body.area, assessmentLanguage(caller.profile.language));
    let answers: Record<string, unknown> = {};
    if (body.from_previous) {
      const previous = await ctx.db
        .selectFrom('assessment_attempts')
        .select('answers')
        .where('user_id', '=', caller.userId)
        .where('client_id', '=', caller.clientId)
        .where('area', '=', body.area)
        .where('status', '=', 'submitted')
        .orderBy('submitted_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!previous) return fail(reply, 400, 'There is no previous self-assessment for this work area to start from.');
      // Only answers the current questionnaire still asks and accepts are carried over.
      const known = new Set(questionnaire.sections.flatMap((s) => s.questions.map((q) => q.id)));
      answers = Object.fromEntries(
        Object.entries(previous.answers as Record<string, unknown>).filter(
          ([id, value]) => known.has(id) && engine.validateAnswers(questionnaire, { [id]: value } as Answers).length === 0,
        ),
      );
    }
    const row = await ctx.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('assessment_attempts')
        .where('user_id', '=', caller.userId)
        .where('client_id', '=', caller.clientId)
        .where('area', '=', body.area)
        .where('status', '=', 'in_progress')
        .execute();
      return trx
        .insertInto('assessment_attempts')
        .values({
          user_id: caller.userId,
          client_id: caller.clientId,
          area: body.area,
          language: questionnaire.language,
          questionnaire_version: questionnaire.version,
          answers: JSON.stringify(answers),
          sections_done: '[]',
          started_at: ctx.now(),
          updated_at: ctx.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return ok(reply, { attempt: attemptView(row), questionnaire });
  },

  /** Resume: the attempt with its saved answers and the questionnaire in the attempt's language. */
  async assessment_attempt(ctx, request, reply) {
    const caller = await guard(ctx, request, reply);
    if (!caller) return reply;
    const row = await ownAttempt(ctx, caller, attemptId(request));
    if (!row) return fail(reply, 404, ATTEMPT_NOT_FOUND);
    const { questionnaire } = await localizedArea(ctx.db, caller.clientId, row.area as WorkArea, assessmentLanguage(row.language));
    return ok(reply, { attempt: attemptView(row), questionnaire, url: row.report_token });
  },

  /** Saves one section's answers (resumable); answers are checked but required ones may still be missing. */
  async assessment_save(ctx, request, reply) {
    const caller = await guard(ctx, request, reply);
    if (!caller) return reply;
    const body = request.payload;
    const row = await ownAttempt(ctx, caller, attemptId(request));
    if (!row) return fail(reply, 404, ATTEMPT_NOT_FOUND);
    if (row.status !== 'in_progress') return fail(reply, 409, 'This self-assessment has already been submitted.');
    const { questionnaire } = await localizedArea(ctx.db, caller.clientId, row.area as WorkArea, assessmentLanguage(row.language));
    const section = questionnaire.sections.find((s) => s.id === body.section);
    if (!section) return fail(reply, 400, `Unknown section: ${body.section}.`);
    const ids = new Set(section.questions.map((q) => q.id));
    const foreign = Object.keys(body.answers).filter((id) => !ids.has(id));
    if (foreign.length > 0) return fail(reply, 400, `These answers do not belong to the section ${body.section}: ${foreign.join(', ')}.`);
    const given = withoutCleared(body.answers);
    const problems = engine.validateAnswers(questionnaire, given as Answers).map((p) => problemText(p, questionnaire));
    if (problems.length > 0) return reply.code(400).send({ success: false, errors: problems.join(' '), problems });
    // Merged with the answers as they stand under the row's lock, in the writing transaction: saves of
    // other sections sent at once (two tabs, a retry) each build on the one before, none is lost, and
    // two saves of one section leave one of them whole (SPEC §6 resumable by section).
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('assessment_attempts')
        .select(['answers', 'sections_done'])
        .where('id', '=', row.id)
        .where('status', '=', 'in_progress')
        .forUpdate()
        .executeTakeFirst();
      if (!current) return undefined;
      const answers = {
        ...Object.fromEntries(Object.entries(current.answers as Record<string, unknown>).filter(([id]) => !ids.has(id))),
        ...given,
      };
      const done = [...new Set([...(current.sections_done as string[]), section.id])];
      return trx
        .updateTable('assessment_attempts')
        .set({ answers: JSON.stringify(answers), sections_done: JSON.stringify(done), updated_at: ctx.now() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirst();
    });
    if (!updated) return fail(reply, 409, 'This self-assessment has already been submitted.');
    return ok(reply, { attempt: attemptView(updated) }, 'Your answers have been saved.');
  },

  /**
   * Submits: the engine validates every answer and checks required ones (400 with the problems and
   * nothing changed), scores, and the result and report token are stored in one transaction, so a
   * report exists the moment the employee submits (SPEC §1, §9).
   */
  async assessment_submit(ctx, request, reply) {
    const caller = await guard(ctx, request, reply);
    if (!caller) return reply;
    const body = request.payload;
    const id = attemptId(request);
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      // The client's wording for the attempt's area and language comes with the locked row (one round trip fewer, SPEC §9).
      const row = id
        ? await trx
            .selectFrom('assessment_attempts as a')
            .selectAll('a')
            .select(
              sql<
                Record<string, string> | string | null
              >`(SELECT json_object_agg(o.text_key, o.text) FROM client_text_overrides o WHERE o.client_id = a.client_id
          AND o.scope = CASE WHEN a.area = 'lab' THEN 'self-assessment-lab' ELSE 'self-assessment' END AND o.language = a.language)`.as(
                'overrides',
              ),
            )
            .where('a.id', '=', id)
            .where('a.user_id', '=', caller.userId)
            .where('a.client_id', '=', caller.clientId)
            .forUpdate()
            .executeTakeFirst()
        : undefined;
      if (!row) return { status: 404, errors: ATTEMPT_NOT_FOUND } as const;
      if (row.status !== 'in_progress') return { status: 409, errors: 'This self-assessment has already been submitted.' } as const;
      const area = row.area as WorkArea;
      const language = assessmentLanguage(row.language);
      const overrides =
        language === row.language
          ? (((typeof row.overrides === 'string' ? JSON.parse(row.overrides) : row.overrides) ?? {}) as TextOverrides)
          : undefined;
      const localized = await localizedArea(trx, caller.clientId, area, language, overrides);
      const answers = withoutCleared({ ...(row.answers as Record<string, unknown>), ...body.answers }) as Answers;
      const problems = [
        ...engine.validateAnswers(localized.questionnaire, answers).map((p) => problemText(p, localized.questionnaire)),
        ...engine.missingAnswers(localized.questionnaire, answers).map((q) =>
          engine.fill(localized.questionnaire.ui?.['ui.please_answer'] ?? 'Please answer: {question}', {
            question: questionText(localized.questionnaire, q),
          }),
        ),
      ];
      if (problems.length > 0) return { status: 400, errors: problems.join(' '), problems } as const;
      const result = engine.scoreAssessment(localized.source, area, answers, localized.language, localized.overrides);
      const token = randomBytes(24).toString('base64url');
      await trx
        .updateTable('assessment_attempts')
        .set({
          answers: JSON.stringify(answers),
          result: JSON.stringify(result),
          status: 'submitted',
          report_token: token,
          report_status: 'Finalized',
          submitted_at: ctx.now(),
          updated_at: ctx.now(),
          questionnaire_version: localized.questionnaire.version,
          ...dashboardFacts(result),
        })
        .where('id', '=', row.id)
        .execute();
      const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
      // The client's reassessment reminder, in the same transaction as the submission.
      await scheduleReassessmentReminder(ctx, trx, {
        userId: caller.userId,
        clientId: caller.clientId,
        area,
        attemptId: String(row.id),
        origin,
      });
      // SPEC §1 "from finding to fixed": each finding becomes the employee's action, and the earlier
      // actions of this area it no longer raises are verified, committed with the report.
      await actionsFromSelfAssessment(
        trx,
        { userId: caller.userId, clientId: caller.clientId, now: ctx.now(), origin, email: caller.email, address: request.ip },
        { id: String(row.id), area, findings: result.findings },
      );
      return { status: 200, url: token, overall: result.overall } as const;
    });
    if (outcome.status === 400) return reply.code(400).send({ success: false, errors: outcome.errors, problems: outcome.problems });
    if (outcome.status !== 200) return fail(reply, outcome.status, outcome.errors);
    return ok(reply, { url: outcome.url, overall: outcome.overall }, 'Your report is ready.');
  },
} satisfies AreaHandlers<'assessments'>;
