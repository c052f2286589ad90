import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runAs } from '../audit/actor';
import { authorize } from '../auth/guard';
import type { Handler, HandlerContext, Handlers, Services } from '../http/context';
import { badRequest, HttpError } from '../http/errors';
import { JsonAnswer } from '../http/jsonAnswer';
import { holdsUnstorableText, unstorableText } from '../http/storableText';
import type { OperationSpec } from './operations';
import { createRequestValidators } from './requestValidation';
import type { OperationId } from './types';

/**
 * The answer's payload, for the route to return: Fastify sends it. Returning the payload rather than
 * `reply.send(...)`'s reply matters: the reply is a thenable, so an async route answering it has Fastify
 * wait for the response stream to finish through listeners of its own, a cost on every call.
 */
function jsonPayload(reply: FastifyReply, value: unknown): string | Buffer | FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (value instanceof JsonAnswer) {
    reply.headers(value.headers);
    return value.bytes;
  }
  const text = JSON.stringify(value);
  // A result JSON cannot write (undefined) is answered with an empty body, as reply.send does.
  return text === undefined ? reply.send() : text;
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
      ...(operation.bodyLimit ? { bodyLimit: operation.bodyLimit } : {}),
      config: {
        // Its requests' label on /metrics (server/observability/metrics.ts).
        operation: operation.id,
        // Counted per call and address, in the table every process shares (server/http/rateCounts.ts).
        ...(isAccountCall
          ? {
              rateLimit: {
                max: accountRateLimit,
                timeWindow: 60_000,
                keyGenerator: (request: FastifyRequest) => `account ${operation.id} ${request.ip}`,
              },
            }
          : {}),
      },
      handler: async (request, reply) => {
        const query = (request.query ?? {}) as Record<string, unknown>;
        const authorized = authorize(services, operation, request.headers.authorization, query);
        // Awaited only when the guard had to look something up (a first call of a token or session).
        const principal = authorized instanceof Promise ? await authorized : authorized;
        const errors = [
          ...validator.params(request.params ?? {}),
          ...validator.query(query),
          ...(operation.body && (request.body !== undefined || operation.body.required)
            ? validator.body(request.body)
            : []),
        ];
        if (
          errors.length === 0 &&
          (holdsUnstorableText(request.params) ||
            holdsUnstorableText(query) ||
            holdsUnstorableText(request.body))
        )
          errors.push(
            ...unstorableText(request.params),
            ...unstorableText(query),
            ...unstorableText(request.body),
          );
        if (errors.length > 0) throw badRequest(errors);
        if (!handler) throw new HttpError(501, 'api.notImplemented');
        // The audit trail stamps the handler's writes with its caller, and a refused publish names only
        // what the caller may read (server/audit/actor.ts).
        // The services are the context's prototype rather than copied into it: a copy of every service
        // per call was a measurable share of a cached GetConnections (issue 20 point 5).
        const context = Object.create(services) as HandlerContext<OperationId>;
        context.principal = principal;
        context.params = request.params as never;
        context.query = query as never;
        context.body = request.body as never;
        context.request = request;
        context.reply = reply;
        context.log = request.log;
        const result = await runAs(
          principal?.name ?? null,
          services.now(),
          () => handler(context),
          principal,
        );
        return jsonPayload(reply, result);
      },
    });
  }
}
