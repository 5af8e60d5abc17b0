import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiReplies } from '../../../generated/api-replies';
import { registerReplyCheck, replyProblem } from '../../../src/server/http/reply-check';
import { fail, ok, type ApiReply } from '../../../src/server/http/replies';
import { encodeEnvelope } from '../../../src/shared/envelope';

const json = 'application/json; charset=utf-8';
const success = (data: unknown) => JSON.stringify({ success: true, data: encodeEnvelope(data) });

describe('the reply check against a call declaration', () => {
  const declared = {
    response: {
      type: 'object',
      required: ['regions'],
      properties: { regions: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } },
    },
    errors: [400, 404] as const,
  };

  it('passes a success whose data fits and names the field that does not', () => {
    expect(
      replyProblem(declared, { status: 200, contentType: json, location: null, payload: success({ regions: [{ id: 'a' }] }) }),
    ).toBeNull();
    expect(replyProblem(declared, { status: 200, contentType: json, location: null, payload: success({ regions: [{ id: 7 }] }) })).toMatch(
      /data\/regions\/0\/id must be string/,
    );
    expect(replyProblem(declared, { status: 200, contentType: json, location: null, payload: success({}) })).toMatch(
      /must have required property 'regions'/,
    );
  });

  it('accepts the declared error statuses and the gate refusals, in the error envelope only', () => {
    const error = JSON.stringify({ success: false, errors: 'Not found.' });
    expect(replyProblem(declared, { status: 404, contentType: json, location: null, payload: error })).toBeNull();
    expect(replyProblem(declared, { status: 401, contentType: json, location: null, payload: error })).toBeNull();
    expect(replyProblem(declared, { status: 409, contentType: json, location: null, payload: error })).toMatch(/409 is not among/);
    expect(replyProblem(declared, { status: 400, contentType: json, location: null, payload: '{"error":"x"}' })).toMatch(
      /JSON envelope {success: false/,
    );
  });

  it('checks the media type of a download and the Location of a redirect', () => {
    const csv = { produces: ['text/csv'] };
    expect(replyProblem(csv, { status: 200, contentType: 'text/csv; charset=utf-8', location: null, payload: 'a,b' })).toBeNull();
    expect(replyProblem(csv, { status: 200, contentType: json, location: null, payload: success({}) })).toMatch(/not declared/);
    expect(replyProblem(csv, { status: 303, contentType: '', location: '/x', payload: '' })).toMatch(/redirect is not declared/);
    const images = { produces: ['image/*', 'redirect'] };
    expect(replyProblem(images, { status: 200, contentType: 'image/png', location: null, payload: '' })).toBeNull();
    expect(replyProblem(images, { status: 302, contentType: '', location: '/y', payload: '' })).toBeNull();
  });

  it('leaves calls that declare nothing alone', () => {
    expect(replyProblem(undefined, { status: 200, contentType: 'text/plain', location: null, payload: 'anything' })).toBeNull();
  });
});

describe('the reply check on a Fastify server', () => {
  it('turns a handler answer of the wrong type into a 500 naming the call, and reports it', async () => {
    expect(apiReplies.get_client_region?.response).toBeDefined();
    const problems: string[] = [];
    const app = Fastify();
    registerReplyCheck(app, (problem) => problems.push(problem));
    // The real path of get_client_region, answering ids as numbers where the manifest says strings.
    app.get('/blogs/api/get-client-region/:clientId', async (request, reply) =>
      (request.params as { clientId: string }).clientId === '1'
        ? // @ts-expect-error ids as numbers where the manifest says strings: refused by `npm run typecheck` too
          ok(reply as ApiReply<'get_client_region'>, { regions: [{ id: 5, name: 'EMEA' }] })
        : fail(reply, 409, 'A status the call does not answer.'),
    );
    const wrong = await app.inject({ method: 'GET', url: '/blogs/api/get-client-region/1' });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json().errors).toMatch(/call get_client_region\) answered 200: .*data\/regions\/0\/id must be string/);
    expect(problems).toHaveLength(1);
    // get_client_region declares no errors of its own, so any status in the error envelope passes.
    const refused = await app.inject({ method: 'GET', url: '/blogs/api/get-client-region/2' });
    expect(refused.statusCode).toBe(409);
    expect(problems).toHaveLength(1);
    await app.close();
  });
});
