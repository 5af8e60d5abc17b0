import { takeAttempt } from '../../auth/throttle';
import { parseId } from '../../http/grid-query';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';
import { NOT_FOUND } from '../../policies/client-scope';
import { courseById } from '../../../shared/training/localize';
import { CERTIFICATE_CODE, normaliseCertificateCode } from '../../../shared/training/rules';
import { courseForClient } from '../../domain/training/courses';
import { renderCertificatePdf } from '../../domain/training/certificate-pdf';
import { certificateWords } from '../../domain/training/words';
import { href } from '../../../../generated/routes';

/** Checks each client address may make in the throttle window (auth/throttle.ts), as other public calls. */
const VERIFY_LIMIT = 30;
const NOT_A_CERTIFICATE = 'No certificate has this code.';

export const certificateHandlers = {
  /** The caller's own completed enrolment's certificate; anyone else's, or one not completed, is 404. */
  async training_certificate(ctx, request, reply) {
    const caller = request.caller;
    const id = parseId(request.params.id);
    if (!id) return fail(reply, 404, NOT_FOUND);
    const row = await ctx.db
      .selectFrom('training_enrolments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.course_id', 'e.completed_at', 'e.certificate_code', 'u.first_name', 'u.last_name'])
      .where('e.id', '=', String(id))
      .where('e.user_id', '=', caller.userId)
      .where('e.client_id', '=', caller.clientId)
      .where('e.state', '=', 'completed')
      .executeTakeFirst();
    if (!row?.certificate_code || !row.completed_at) return fail(reply, 404, NOT_FOUND);
    const language = caller.profile.language;
    const course = await courseForClient(ctx.db, caller.clientId, row.course_id, language);
    const origin = ctx.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    const pdf = await renderCertificatePdf({
      name: `${row.first_name} ${row.last_name}`,
      course: course?.title ?? row.course_id,
      completedAt: new Date(row.completed_at),
      code: row.certificate_code,
      verifyAt: `${origin}${href('verify_certificate')}?code=${row.certificate_code}`,
      language,
      words: certificateWords(language),
    });
    return reply
      .code(200)
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="certificate-${row.course_id}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);
  },

  /**
   * Public: confirms a certificate by its code with the name on it, the course and the date, and
   * nothing else (docs/product.md "Training"). Every check counts against the address's limit,
   * found or not, so codes cannot be tried in bulk.
   */
  async certificate_verify(ctx, request, reply) {
    const now = ctx.now();
    if (!(await takeAttempt(ctx.db, `certificate:${request.ip}`, VERIFY_LIMIT, now)))
      return fail(reply, 429, 'Too many checks from this address. Please try again later.');
    const code = normaliseCertificateCode(request.query.code);
    if (!CERTIFICATE_CODE.test(code)) return fail(reply, 404, NOT_A_CERTIFICATE);
    const row = await ctx.db
      .selectFrom('training_enrolments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.course_id', 'e.completed_at', 'u.first_name', 'u.last_name'])
      .where('e.certificate_code', '=', code)
      .where('e.state', '=', 'completed')
      .executeTakeFirst();
    if (!row?.completed_at) return fail(reply, 404, NOT_A_CERTIFICATE);
    const course = await courseById(row.course_id, 'en');
    return ok(reply, {
      name: `${row.first_name} ${row.last_name}`,
      course: course?.title ?? row.course_id,
      completed_on: new Date(row.completed_at).toISOString().slice(0, 10),
    });
  },
} satisfies AreaHandlers<'training'>;
