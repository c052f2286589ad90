import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runAs } from '../audit/actor';
import { authorize } from '../auth/guard';
import type { Handler, Handlers, Services } from '../http/context';
import { badRequest, HttpError } from '../http/errors';
import { JsonAnswer } from '../http/jsonAnswer';
import { unstorableText } from '../http/storableText';
import type { OperationSpec } from './operations';
import { createRequestValidators } from './requestValidation';
import type { OperationId } from './types';

function sendJson(reply: FastifyReply, value: unknown) {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (!(value instanceof JsonAnswer)) return reply.send(JSON.stringify(value));
  return reply.headers(value.headers).send(value.bytes);
}

/**
 * Registers one route per operation of the contract, so the server cannot drift from it: the guard
 * enforces the declared permission, the request is validated against the declared schemas, then the
 * operation's handler runs. An operation without a handler answers 501 with a message.
 */
export function registerOperations(
  app: FastifyInstance,
  services: Services,
  operations: OperationSpec[],
  handlers: Handlers,
  accountRateLimit: number,
): void {
  const validators = createRequestValidators(operations);
  for (const operation of operations) {
    const handler = handlers[operation.id] as Handler<OperationId> | undefined;
    const validator = validators.get(operation.id)!;
    const isAccountCall = operation.id.startsWith('Users.');
    app.route({
      method: operation.method,
      url: operation.url,
      // The contract's calls have no HEAD form; 65 HEAD routes were a third of the router's build at a
      // cold start (issue 20 point 4).
      exposeHeadRoute: false,
      // Counted per call and address, in the table every process shares (server/http/rateCounts.ts).
      ...(isAccountCall
        ? {
            config: {
              rateLimit: {
                max: accountRateLimit,
                timeWindow: 60_000,
                keyGenerator: (request: FastifyRequest) => `account ${operation.id} ${request.ip}`,
              },
            },
          }
        : {}),
      handler: async (request, reply) => {
        const query = (request.query ?? {}) as Record<string, unknown>;
        const principal = await authorize(services, operation, request.headers.authorization, query);
        const errors = [
          ...validator.params(request.params ?? {}),
          ...validator.query(query),
          ...(operation.body && (request.body !== undefined || operation.body.required)
            ? validator.body(request.body)
            : []),
        ];
        if (errors.length === 0)
          errors.push(
            ...unstorableText(request.params),
            ...unstorableText(query),
            ...unstorableText(request.body),
          );
        if (errors.length > 0) throw badRequest(errors);
        if (!handler) throw new HttpError(501, 'api.notImplemented');
        // The audit trail stamps the handler's writes with its caller, and a refused publish names only
        // what the caller may read (server/audit/actor.ts).
        const result = await runAs(
          principal?.name ?? null,
          services.now(),
          () =>
            handler({
              ...services,
              principal,
              params: request.params as never,
              query: query as never,
              body: request.body as never,
              request,
              reply,
              log: request.log,
            }),
          principal,
        );
        reply.header('cache-control', 'no-store');
        return sendJson(reply, result);
      },
    });
  }
}
