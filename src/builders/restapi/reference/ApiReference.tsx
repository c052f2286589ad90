import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callOperation } from '../../../api/callOperation';
import type { JsonSchema } from '../../../domain/flow/runtime/inputSchema';
import type { OpenApiDocument } from '../../../domain/openapi/describeRestApi';
import {
  type Credentials,
  constraintsOf,
  curlOf,
  exampleOf,
  groupsOf,
  type ReferenceOperation,
  requestOf,
  typeLabel,
} from '../../../domain/openapi/reference';
import { t } from '../../../messages/t';
import { useNotify } from '../../../shell/notifications/useNotify';
import { apiUsersQuery } from '../apiUserQueries';
import { copyText } from '../copyText';
import './apiReference.css';

/**
 * The API reference tab of a REST API (issue 31 point 2): the document its callers read at
 * /rest/<name>/openapi.json, rendered here — operations by group with their parameters, bodies and
 * answers — with a "try it" per operation sending a real call with an API user's token, copy as curl and
 * a download of the document. Our own renderer: Scalar and Redoc are not installed here, and this keeps
 * to the console's CSP (no inline script, no foreign origin). Loaded only when the tab opens.
 */
export default function ApiReference({ guid }: { guid: string }) {
  const document = useQuery({
    queryKey: ['restapi', 'description', guid],
    queryFn: () =>
      callOperation('RestApi.GetRestApiDescription', {
        path: { guid },
      }) as Promise<unknown> as Promise<OpenApiDocument>,
  });
  const [credentials, setCredentials] = useState<Credentials>({ token: '' });
  if (document.isPending)
    return <span className="spinner" role="status" aria-label="Loading the API reference" />;
  if (document.error || !document.data)
    return (
      <p className="empty-state" role="alert">
        {t('ra.reference.loadFailed')}
      </p>
    );
  const doc = document.data;
  const groups = groupsOf(doc);
  const download = () => {
    const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
    const link = window.document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${doc.info.title}.openapi.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="api-reference">
      <header className="api-reference__header">
        <div>
          <h2 className="api-reference__title">{doc.info.title}</h2>
          {doc.info.description && <p>{doc.info.description}</p>}
          <p className="api-reference__meta">
            OpenAPI {doc.openapi} · <code>GET {doc.servers[0]?.url}/openapi.json</code> · {doc.info.version}
          </p>
        </div>
        <button type="button" className="button" onClick={download}>
          Download OpenAPI document
        </button>
      </header>
      <CredentialsPicker document={doc} credentials={credentials} onChange={setCredentials} />
      {groups.length === 0 && <p className="empty-state">{t('ra.reference.noFlows')}</p>}
      {groups.map((group) => (
        <section key={group.name} className="api-reference__group" aria-label={group.name}>
          <h3>{group.name}</h3>
          {group.operations.map((target) => (
            <OperationView
              key={`${target.method} ${target.path}`}
              document={doc}
              target={target}
              credentials={credentials}
            />
          ))}
        </section>
      ))}
    </div>
  );
}

/** Who the "try it" calls as: an API user of the list (its token filled in), or a token typed. */
function CredentialsPicker({
  document,
  credentials,
  onChange,
}: {
  document: OpenApiDocument;
  credentials: Credentials;
  onChange(credentials: Credentials): void;
}) {
  const users = useQuery(apiUsersQuery());
  const id = useId();
  const scheme = Object.values(document.components.securitySchemes ?? {})[0];
  if (!scheme) return <p className="api-reference__meta">{t('ra.reference.public')}</p>;
  const withTokens = (users.data ?? []).filter((user) => user.ApiToken);
  return (
    <fieldset className="api-reference__credentials">
      <legend>Try it as</legend>
      <label htmlFor={`${id}-user`}>API user</label>
      <select
        id={`${id}-user`}
        className="field__input"
        value={withTokens.find((user) => user.ApiToken === credentials.token)?.Guid ?? ''}
        onChange={(event) => {
          const user = withTokens.find((each) => each.Guid === event.target.value);
          onChange(user ? { token: user.ApiToken ?? '', username: user.Username } : { token: '' });
        }}
      >
        <option value="">Choose an API user</option>
        {withTokens.map((user) => (
          <option key={user.Guid} value={user.Guid}>
            {user.Username}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-token`}>API token</label>
      <input
        id={`${id}-token`}
        className="field__input api-token__value"
        type="password"
        autoComplete="off"
        value={credentials.token}
        onChange={(event) => onChange({ ...credentials, token: event.target.value })}
      />
    </fieldset>
  );
}

function SchemaView({ schema, name }: { schema: JsonSchema | undefined; name?: string }) {
  if (!schema) return null;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const items = schema.items as JsonSchema | undefined;
  const nested = Object.keys(properties).length > 0 ? schema : items?.properties ? items : null;
  const required = new Set(((nested?.required ?? []) as string[]) ?? []);
  return (
    <div className="api-reference__schema">
      {name && <code>{name}</code>} <span className="api-reference__type">{typeLabel(schema)}</span>
      {constraintsOf(schema).map((text) => (
        <span key={text} className="api-reference__constraint">
          {text}
        </span>
      ))}
      {nested && (
        <ul>
          {Object.entries((nested.properties ?? {}) as Record<string, JsonSchema>).map(([key, inner]) => (
            <li key={key}>
              <SchemaView schema={inner} name={`${key}${required.has(key) ? ' *' : ''}`} />
              {typeof inner.description === 'string' && <p className="field__help">{inner.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OperationView({
  document,
  target,
  credentials,
}: {
  document: OpenApiDocument;
  target: ReferenceOperation;
  credentials: Credentials;
}) {
  const notify = useNotify();
  const id = useId();
  const { operation } = target;
  const bodySchema = operation.requestBody?.content['application/json'].schema;
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() => JSON.stringify(exampleOf(bodySchema), null, 2));
  const [answer, setAnswer] = useState<{ status: number; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const request = () =>
    requestOf(document, target, { origin: window.location.origin, values, body, credentials });
  const send = async () => {
    const built = request();
    setSending(true);
    try {
      // A flow call, not a UIServices one: the console's client would add the admin's own token.
      const response = await fetch(built.url, {
        method: built.method,
        headers: built.headers,
        ...(built.body !== undefined ? { body: built.body } : {}),
      });
      const text = await response.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON (an empty 204): shown as it came
      }
      setAnswer({ status: response.status, text: shown });
    } catch {
      setAnswer({ status: 0, text: t('ra.reference.sendFailed') });
    } finally {
      setSending(false);
    }
  };
  const copyCurl = async () => {
    if (await copyText(curlOf(request()))) notify('success', t('ra.reference.curlCopied'));
    else notify('warning', t('ra.reference.copyFailed'));
  };
  return (
    <details className="api-reference__operation">
      <summary>
        <span className={`api-reference__method api-reference__method--${target.method.toLowerCase()}`}>
          {target.method}
        </span>{' '}
        <code>{target.path}</code>
      </summary>
      {operation.description && <p>{operation.description}</p>}
      {(operation.parameters ?? []).length > 0 && (
        <>
          <h4>Query parameters</h4>
          <ul>
            {(operation.parameters ?? []).map((parameter) => (
              <li key={parameter.name}>
                <SchemaView
                  schema={parameter.schema ?? parameter.content?.['application/json'].schema}
                  name={`${parameter.name}${parameter.required ? ' *' : ''}`}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {bodySchema && (
        <>
          <h4>Request body{operation.requestBody?.required ? ' *' : ''}</h4>
          <SchemaView schema={bodySchema} />
        </>
      )}
      <h4>Responses</h4>
      <ul className="api-reference__responses">
        {Object.entries(operation.responses).map(([status, response]) => (
          <li key={status}>
            <strong>{status}</strong> {response.description}
            {status === '200' && <SchemaView schema={response.content?.['application/json'].schema} />}
            {status === '422' && (
              <SchemaView
                schema={
                  (
                    (response.content?.['application/json'].schema.allOf as JsonSchema[] | undefined)?.[1]
                      ?.properties as Record<string, JsonSchema> | undefined
                  )?.ErrorCode
                }
                name="ErrorCode"
              />
            )}
          </li>
        ))}
      </ul>
      <form
        className="api-reference__try"
        aria-label={`Try ${target.method} ${target.path}`}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <h4>Try it</h4>
        {(operation.parameters ?? []).map((parameter) => (
          <div key={parameter.name} className="api-reference__input">
            <label htmlFor={`${id}-${parameter.name}`}>{parameter.name}</label>
            <input
              id={`${id}-${parameter.name}`}
              className="field__input"
              value={values[parameter.name] ?? ''}
              onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })}
            />
          </div>
        ))}
        {bodySchema && (
          <div className="api-reference__input">
            <label htmlFor={`${id}-body`}>Body (JSON)</label>
            <textarea
              id={`${id}-body`}
              className="field__input api-reference__body"
              rows={6}
              spellCheck={false}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          </div>
        )}
        <div className="api-reference__actions">
          <button type="submit" className="button button--primary" disabled={sending}>
            Send
          </button>
          <button type="button" className="button" onClick={() => void copyCurl()}>
            Copy as curl
          </button>
        </div>
        {answer && (
          <section className="api-reference__answer" aria-label="Answer" aria-live="polite">
            <p>
              Status <strong>{answer.status}</strong>
            </p>
            <pre>{answer.text}</pre>
          </section>
        )}
      </form>
    </details>
  );
}
