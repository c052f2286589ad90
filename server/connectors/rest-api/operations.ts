import { openStoredSettings } from '../../connections/secrets';
import { HttpError } from '../../http/errors';
import { operationGuid } from '../operationGuid';
import { RemoteFailure } from '../remoteFailure';
import { credentialTypeOf } from '../settingsSchema';
import type { ConnectorKind, ConnectorOperation, FlowConnection, OperationContext } from '../types';
import { callHttp, HttpCallError } from './httpClient';
import { type HttpOperation, requestBuilder } from './httpRequest';
import { keyHeaderOf } from './keyHeader';
import { pathSteps, readSteps } from './outputPath';

/** The operations a connection stores (its item's Operations); an item without them declares none. */
export const declaredOperations = (connection: FlowConnection): HttpOperation[] =>
  Array.isArray(connection.definition.Operations)
    ? (connection.definition.Operations as HttpOperation[])
    : [];

/** An HTTP status of the other side as the flow's caller gets it: a gateway down is unreachable, the rest refused. */
const statusFailure = (status: number, connection: string, remote: Error) =>
  status === 502 || status === 503 || status === 504
    ? new RemoteFailure(502, 'runtime.external.unreachable', connection, remote)
    : new RemoteFailure(502, 'runtime.external.refused', connection, remote);

function callFailure(error: unknown, connection: string): Error {
  if (!(error instanceof HttpCallError))
    return new RemoteFailure(502, 'runtime.external.refused', connection, error);
  if (error.kind === 'timeout') return new RemoteFailure(504, 'runtime.external.timeout', connection, error);
  if (error.kind === 'connection')
    return new RemoteFailure(502, 'runtime.external.unreachable', connection, error);
  if (error.kind === 'status' && error.status) return statusFailure(error.status, connection, error);
  return new RemoteFailure(502, 'runtime.external.refused', connection, error);
}

/** A JSON answer's value, `null` for an empty one; a text answer as its text. */
function answerValue(contentType: string, text: string, at: () => string): unknown {
  if (!/\S/.test(text)) return null;
  const json = /\bjson\b/i.test(contentType) || /^\s*[[{]/.test(text);
  if (!json) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpCallError('status', `${at()}: the answer is not valid JSON`);
  }
}

/**
 * One declared operation as the EXTERNAL block runs it (issue 30 point 3): the request built from the
 * mapped inputs, the key opened only now and sent in the connection's header with its prefix, the call
 * made with the runtime's limits, and each output read from the JSON answer by its path. Every failure
 * of the other side is a RemoteFailure (502/504 in the catalogue's words); its `remote` names method,
 * origin and path only, never a header.
 */
function operationOf(
  kind: ConnectorKind,
  connection: FlowConnection,
  operation: HttpOperation,
): ConnectorOperation {
  const settings = connection.settings;
  const baseUrl = String(settings.BaseUrl ?? '');
  const build = requestBuilder(operation, baseUrl);
  const outputs = (operation.Outputs ?? []).map((output) => ({
    name: output.Name,
    steps: pathSteps(output.Path?.trim() ? output.Path : output.Name),
  }));
  // The key header is opened on the first call and kept with this operation, which is rebuilt when the
  // connection is saved (its plan is dropped): decrypting and re-validating the settings on every call
  // was a tenth of an EXTERNAL call's time (issue 30's bench). Kept per key ring, so new keys reopen it.
  let opened: { keys: OperationContext['keys']; header: ReturnType<typeof keyHeaderOf> } | undefined;
  const keyHeader = (keys: OperationContext['keys']) => {
    if (opened?.keys !== keys)
      opened = { keys, header: keyHeaderOf(openStoredSettings(keys, credentialTypeOf(kind), settings)) };
    return opened.header;
  };
  return {
    Guid: operationGuid(connection.guid, operation.Name),
    Name: operation.Name,
    Input: (operation.Inputs ?? []).map((input) => ({
      Name: input.Name,
      Type: input.Type ?? 'String',
      ...(input.IsRequired ? { Validation: { IsRequired: true } } : {}),
    })),
    Output: (operation.Outputs ?? []).map((output) => ({ Name: output.Name, Type: output.Type ?? 'String' })),
    // It writes elsewhere, not to this server's database: nothing here for a transaction to undo.
    writes: false,
    async call(input, context: OperationContext) {
      const built = build(input);
      if ('problem' in built) {
        if (built.problem === 'missing')
          throw new HttpError(400, 'runtime.http.missingInput', {
            name: built.name,
            operation: operation.Name,
          });
        if (built.problem === 'lineBreak')
          throw new HttpError(400, 'runtime.http.lineBreak', { name: built.name });
        throw new RemoteFailure(
          502,
          'runtime.external.refused',
          connection.name,
          new Error(`${operation.Name}: the path leaves the base URL's origin; not sent`),
        );
      }
      const key = keyHeader(context.keys);
      // The request's own headers, made for this call.
      if (key) built.headers[key.name] = key.value;
      // Words for a failure only: an address made for every call was a share of its time.
      const at = () => `${built.method} ${built.url.origin}${built.url.pathname}`;
      let value: unknown;
      try {
        const answer = await callHttp(
          {
            method: built.method,
            url: built.url,
            headers: built.headers,
            body: built.body,
            retryUnsafe: operation.RetryUnsafe === true,
            deadline: context.state.deadline,
          },
          context.config.http,
        );
        if (answer.status < 200 || answer.status > 299)
          throw statusFailure(
            answer.status,
            connection.name,
            new Error(`${at()}: answered HTTP ${answer.status}`),
          );
        value = answerValue(answer.contentType, answer.text, at);
      } catch (error) {
        throw error instanceof RemoteFailure ? error : callFailure(error, connection.name);
      }
      const result: Record<string, unknown> = {};
      for (const output of outputs) result[output.name] = readSteps(value, output.steps) ?? null;
      return result;
    },
  };
}

/** The connector methods of a REST API connection: one per declared operation, guids stable by name. */
export const restOperations = (kind: ConnectorKind, connection: FlowConnection): ConnectorOperation[] =>
  declaredOperations(connection)
    .filter((operation) => typeof operation?.Name === 'string' && operation.Name !== '')
    .map((operation) => operationOf(kind, connection, operation));
