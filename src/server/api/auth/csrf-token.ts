import { ok } from '../../http/replies';
import type { AreaHandlers } from '../../http/handler-types';

export const csrfTokenHandlers = {
  /** The security hook has already set the CSRF cookie when the browser had none (http/security.ts). */
  async csrf_token(_ctx, _request, reply) {
    return ok(reply, undefined);
  },
} satisfies AreaHandlers<'auth'>;
