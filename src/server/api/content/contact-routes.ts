import { takeAttempt } from '../../auth/throttle';
import { fail, ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';

/** Enquiries each client address may send in the throttle window (auth/throttle.ts). */
const CONTACT_LIMIT = 5;
export const CONTACT_LIMIT_MESSAGE = 'You have sent several messages already. Please try again later.';

export const contactHandlers = {
  /** Stores the enquiry and e-mails the team; each address may send a handful per 15 minutes. */
  async contact(ctx, request, reply) {
    const body = request.payload;
    const now = ctx.now();
    const key = `contact:${request.ip}`;
    // The sign-in throttle's counters double as a per-address limit for this public form, taken in
    // one statement so a burst cannot pass more than the limit.
    if (!(await takeAttempt(ctx.db, key, CONTACT_LIMIT, now))) return fail(reply, 429, CONTACT_LIMIT_MESSAGE);
    await ctx.db
      .insertInto('contact_enquiries')
      .values({
        name: body.name.trim(),
        email: body.email.trim(),
        company: (body.company ?? '').trim(),
        message: body.message.trim(),
        address: request.ip,
        // Already one of the form's listed services: the manifest's schema checked the body.
        service: body.service ?? null,
      })
      .execute();
    await ctx.mailer.send({
      to: ctx.config.contactTo,
      subject: `Website enquiry from ${body.name.trim().replace(/[\r\n]+/g, ' ')}`,
      text: `Name: ${body.name}\nE-mail: ${body.email}\nCompany: ${body.company ?? ''}\nService: ${body.service ?? ''}\n\n${body.message}`,
    });
    return ok(reply, undefined, 'Thank you. We will reply within one business day.');
  },
} satisfies AreaHandlers<'content'>;
