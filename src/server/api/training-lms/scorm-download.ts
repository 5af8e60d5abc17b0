import type { AreaHandlers } from '../../http/handler-types';
import { fail } from '../../http/replies';
import { productAddress } from '../../domain/training-lms/xapi-outbox';
import { packageFileName, scormPackage } from '../../domain/training-lms/scorm-package';
import { courseById, isCourseId, TRAINING_LANGUAGES } from '../../../shared/training';

/** A course in one language as a SCORM 1.2 zip (docs/product.md "Training: learning systems"), built on request. */
export const scormDownloadHandlers = {
  async admin_training_scorm(ctx, request, reply) {
    const language = request.query.language || 'en';
    if (!(TRAINING_LANGUAGES as readonly string[]).includes(language))
      return fail(reply, 400, `language must be one of ${TRAINING_LANGUAGES.join(', ')}.`);
    const course = isCourseId(request.params.course) ? await courseById(request.params.course, language) : undefined;
    if (!course) return fail(reply, 404, 'There is no such course.');
    const zip = await scormPackage(course, productAddress(ctx));
    return reply
      .code(200)
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${packageFileName(course)}"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(zip));
  },
} satisfies AreaHandlers<'training-lms'>;
