import { operationTable } from '../../generated/operations';
import type { operations } from '../../generated/uiservices';
import { api, unwrap } from './client';

export type OperationId = keyof operations;

type Params<K extends OperationId> = operations[K]['parameters'];
type JsonBody<K extends OperationId> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;
export type OperationResult<K extends OperationId> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer R } };
}
  ? R
  : never;

export interface OperationInput<K extends OperationId> {
  path?: Params<K> extends { path: infer P } ? Partial<NonNullable<P>> : never;
  query?: Params<K> extends { query?: infer Q } ? Partial<NonNullable<Q>> : never;
  body?: JsonBody<K>;
}

/**
 * Calls an operation named by its operationId, through the one client. Builders declare their calls by
 * id (e.g. 'Script.GetScripts'); the method and path come from the contract.
 * @example const scripts = await callOperation('Script.GetScripts', {});
 */
export async function callOperation<K extends OperationId>(
  id: K,
  input: OperationInput<K>,
): Promise<OperationResult<K>> {
  const { method, path } = operationTable[id];
  const request = api.request as unknown as (
    method: string,
    path: string,
    init: { params: { path?: object; query?: object }; body?: unknown },
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const init = {
    params: { path: input.path ?? {}, query: input.query ?? {} },
    ...(input.body !== undefined ? { body: input.body } : {}),
  };
  return (await unwrap(request(method.toLowerCase(), path, init))) as OperationResult<K>;
}

/** Whether an operation's path takes a parameter, e.g. `{connection}`. */
export function takesPathParameter(id: OperationId, name: string): boolean {
  return operationTable[id].path.includes(`{${name}}`);
}
