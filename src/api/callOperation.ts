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
  return (await unwrap(send(id, input))) as OperationResult<K>;
}

function send<K extends OperationId>(id: K, input: OperationInput<K>) {
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
  return request(method.toLowerCase(), path, init);
}

/** Operations answering a page of a list, with the count of matching rows in X-Total-Count. */
export type PagedOperationId = {
  [K in OperationId]: operations[K]['responses'] extends { 200: { headers: { 'X-Total-Count'?: number } } }
    ? K
    : never;
}[OperationId];

/**
 * Calls a list operation for one page (its paging parameters in `input.query`), answering the rows and
 * the count of all matching rows from the X-Total-Count header.
 * @example const { rows, total } = await callOperationPage('Connection.GetConnections', { query: { page: 2 } });
 */
export async function callOperationPage<K extends PagedOperationId>(
  id: K,
  input: OperationInput<K>,
): Promise<{ rows: OperationResult<K>; total: number }> {
  const pending = send(id, input);
  const rows = (await unwrap(pending)) as OperationResult<K>;
  const header = (await pending).response.headers.get('x-total-count');
  const total = header === null ? Number.NaN : Number(header);
  if (!Number.isInteger(total)) throw new Error(`${id}: the answer has no X-Total-Count`);
  return { rows, total };
}

/** Whether an operation's path takes a parameter, e.g. `{connection}`. */
export function takesPathParameter(id: OperationId, name: string): boolean {
  return operationTable[id].path.includes(`{${name}}`);
}
