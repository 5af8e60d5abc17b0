import type { SignedInRequest } from '../../http/handler-types';
import { stateTerm } from '../../../shared/workflow-terms';
import { audit } from '../../audit/audit';
import type { AppContext } from '../../context';
import { kickOutbox } from '../../mail/outbox-worker';
import { queueEvaluationMail } from '../../domain/evaluations/evaluation-mail';
import { isBuiltInTemplate } from '../../../shared/mail/built-in-templates';
import { contentOf, keepVersion, lockEvaluation } from './evaluation-store';
import { canSeeClient, isAssigned, NOT_FOUND } from '../../policies/client-scope';
import { checkTransition, recipientsOf } from './workflow-engine';
import { scheduleFollowUp } from '../../domain/evaluations/follow-up';
import { actionsFromEvaluation } from '../../domain/actions/create-actions';

type Outcome = { status: 400 | 403 | 404 | 409; message: string } | { id: number; state: string; version: number };

/**
 * Fires one transition of manifest/workflows/evaluation.yaml. In one transaction: the evaluation row
 * is locked, the move is checked (any other move is refused with nothing changed), the status and
 * version change, the transition (who, when, why), a version row and the audit entry are written,
 * and the transition's e-mail is queued. A failure anywhere rolls all of it back.
 */
export async function fireTransition(
  ctx: AppContext,
  request: SignedInRequest,
  id: number | null,
  body: { transition: string; reason?: string; version?: number },
): Promise<Outcome> {
  const caller = request.caller;
  const reason = (body.reason ?? '').trim();
  const now = ctx.now();
  const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
    const row = id ? await lockEvaluation(trx, id) : undefined;
    if (!row || !(await canSeeClient(trx, caller, row.client_id))) return { status: 404, message: NOT_FOUND };
    const assigned = await isAssigned(trx, caller.userId, row.client_id);
    // A client's programme manager acts only once the report has reached them.
    if (!assigned && row.status !== 'pending_client_approval') return { status: 404, message: NOT_FOUND };
    const client = await trx
      .selectFrom('clients')
      .select(['company_name', 'evaluation_approval_required'])
      .where('id', '=', row.client_id)
      .executeTakeFirstOrThrow();
    const transition = checkTransition(
      body.transition,
      {
        status: row.status,
        evaluatorId: row.evaluator_id,
        clientId: row.client_id,
        recommendations: row.recommendations,
        approvalRequired: client.evaluation_approval_required,
      },
      caller,
      reason,
    );
    if ('status' in transition) return transition;
    if (body.version !== undefined && body.version !== row.version)
      return { status: 409, message: 'The report was changed since you opened it; reload it first.' };
    const version = row.version + 1;
    const finalizing = transition.to === 'finalized' && !row.finalized_at;
    let clientWording = row.client_wording;
    if (finalizing) {
      // The client's own wording of the report (ergo-eval scope), fixed with the finalized report.
      const texts = await trx
        .selectFrom('client_text_overrides')
        .select(['language', 'text_key', 'text'])
        .where('client_id', '=', row.client_id)
        .where('scope', '=', 'ergo-eval')
        .execute();
      clientWording = {};
      for (const t of texts) ((clientWording[t.language] ??= {}) as Record<string, string>)[t.text_key] = t.text;
    }
    await trx
      .updateTable('evaluations')
      .set({
        status: transition.to,
        version,
        updated_at: now,
        client_wording: JSON.stringify(clientWording),
        ...(transition.to === 'in_review' && !row.submitted_at ? { submitted_at: now } : {}),
        ...(finalizing ? { finalized_at: now } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    // SPEC §1: a finalized report is followed up `follow_up_days` later (follow-up.ts), committed with the finalization.
    if (transition.to === 'finalized') {
      await scheduleFollowUp(trx, {
        evaluationId: row.id,
        clientId: row.client_id,
        finalizedAt: finalizing ? now : new Date(row.finalized_at!),
        now,
        origin: ctx.config.publicUrl ?? `${request.protocol}://${request.host}`,
      });
    }
    // SPEC §1 "from finding to fixed": the report's recommendations become the employee's actions
    // when it is first finalized, committed with the finalization.
    if (finalizing)
      await actionsFromEvaluation(
        trx,
        { userId: row.employee_id, clientId: row.client_id, now, origin },
        { id: row.id, recommendations: row.recommendations, workArea: row.work_area },
        { userId: caller.userId, email: caller.email, address: request.ip },
      );
    await trx
      .insertInto('evaluation_transitions')
      .values({
        evaluation_id: row.id,
        transition: transition.name,
        from_status: row.status,
        to_status: transition.to,
        actor_id: caller.userId,
        reason,
        at: now,
      })
      .execute();
    await keepVersion(trx, row.id, version, transition.to, contentOf({ ...row, client_wording: clientWording }), caller.userId, now);
    await audit(
      trx,
      {
        actorId: caller.userId,
        actorEmail: caller.email,
        clientId: row.client_id,
        action: `evaluation.${transition.name}`,
        target: `evaluation:${row.id}`,
        address: request.ip,
        details: { before: { status: row.status }, after: { status: transition.to }, reason, version },
      },
      now,
    );
    // The workflows name templates the portal sends (tests/unit/i18n/built-in-names.test.ts); another name has no mail, as before.
    if (transition.email && isBuiltInTemplate(transition.email.template)) {
      const names = await trx
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('id', 'in', [row.evaluator_id, row.employee_id, caller.userId])
        .execute();
      const name = (userId: number) => {
        const u = names.find((n) => n.id === userId);
        return u ? `${u.first_name} ${u.last_name}` : '';
      };
      await queueEvaluationMail(
        trx,
        transition.email.template,
        await recipientsOf(trx, transition, row, caller.userId),
        {
          employee_name: name(row.employee_id),
          author_name: name(row.evaluator_id),
          actor_name: name(caller.userId),
          company_name: client.company_name,
          reason,
          // The stored templates are English (SPEC §8 e-mails): the state's English word.
          state: stateTerm(transition.to).english,
          // The page that acts on the report next (SPEC §2): the client's approval page, else the review page.
          report_url: `${origin}/user/${transition.to === 'pending_client_approval' ? 'editclientreport' : 'editsurvey'}/${row.id}`,
          approval_list_url: `${origin}/user/editclientreport/pending`,
        },
        now,
      );
    }
    return { id: row.id, state: transition.to, version };
  });
  if (!('status' in outcome)) kickOutbox(ctx);
  return outcome;
}
