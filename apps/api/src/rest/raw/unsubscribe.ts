// One-click unsubscribe (RFC 8058): mail clients POST "List-Unsubscribe=One-Click" as a form to
// the address in the List-Unsubscribe header. The signed token in the query names the user and
// the topic; the answer is the same switch the Settings tab flips. A raw route because the body
// is form-encoded, not JSON.

import { unsubscribeOneClick } from '../../services/notifications';
import type { RawRoutes } from '../routes';
import { answeringErrors, errorResponse, withRawBodies } from './raw-routes';

export const unsubscribeRoutes: RawRoutes = {
  // The body is not needed (the token says everything); it is read so any sender is accepted.
  register: (app, deps) =>
    withRawBodies(
      app,
      ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (scope) => {
        scope.post<{ Querystring: { token?: unknown } }>(
          '/api/mail/unsubscribe',
          answeringErrors(deps, async (req, reply) => {
            return reply.status(200).send(await unsubscribeOneClick(deps, req.query.token));
          }),
        );
      },
    ),
  openapi: [
    {
      method: 'POST',
      path: '/api/mail/unsubscribe',
      access: 'public',
      operation: {
        operationId: 'mail.unsubscribe',
        security: [],
        tags: ['Mail'],
        summary:
          'One-click unsubscribe from an optional mail (RFC 8058): switches that topic off for the user the signed token names',
        description:
          'The address comes from the List-Unsubscribe header of deal-update and monthly-summary mails; mail clients POST the form body "List-Unsubscribe=One-Click". Account and payment mails have no such header.',
        parameters: [
          {
            name: 'token',
            in: 'query',
            required: true,
            schema: { type: 'string' },
            description: 'Signed user and topic',
          },
        ],
        requestBody: {
          required: false,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
            },
          },
        },
        responses: {
          200: {
            description: 'The topic is switched off',
            content: {
              'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } },
            },
          },
          400: errorResponse('Malformed or forged token'),
        },
      },
    },
  ],
};
