import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { OpenApiDocument } from '../../../domain/openapi/describeRestApi';
import {
  type Credentials,
  curlOf,
  exampleOf,
  groupsOf,
  type ReferenceOperation,
  requestOf,
} from '../../../domain/openapi/reference';
import { t } from '../../../messages/t';
import { useNotify } from '../../../shell/notifications/useNotify';
import { apiUsersQuery } from '../apiUserQueries';
import { copyText } from '../copyText';

const keyOf = (target: ReferenceOperation) => `${target.method} ${target.path}`;

/**
 * What Redoc has not: a real call of one operation (issue 31 point 2). Who calls (an API user of the
 * list, its token filled in, or a token pasted), which operation (chosen here or by a click on it in the
 * reference below, `chosen`), its query parameters or body, Send and the answer, Copy as curl.
 */
export function TryIt({ document, chosen }: { document: OpenApiDocument; chosen: string | null }) {
  const id = useId();
  const operations = groupsOf(document).flatMap((group) => group.operations);
  const [credentials, setCredentials] = useState<Credentials>({ token: '' });
  const [picked, setPicked] = useState<{ key: string; from: string | null } | null>(null);
  // A click in the reference picks its operation, until the select picks another.
  const fromReference = operations.find((target) => target.operation.operationId === chosen);
  const current =
    (picked && picked.from === chosen && operations.find((target) => keyOf(target) === picked.key)) ||
    fromReference ||
    operations[0];
  if (!current) return <p className="empty-state">{t('ra.reference.noFlows')}</p>;
  return (
    <section className="api-reference__try" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="api-reference__try-title">
        Try it
      </h2>
      <CredentialsPicker document={document} credentials={credentials} onChange={setCredentials} />
      <div className="api-reference__call">
        <div className="api-reference__input">
          <label htmlFor={`${id}-operation`}>Operation</label>
          <select
            id={`${id}-operation`}
            className="field__input"
            value={keyOf(current)}
            onChange={(event) => setPicked({ key: event.target.value, from: chosen })}
          >
            {operations.map((target) => (
              <option key={keyOf(target)} value={keyOf(target)}>
                {keyOf(target)}
              </option>
            ))}
          </select>
        </div>
        <TryForm key={keyOf(current)} document={document} target={current} credentials={credentials} />
      </div>
    </section>
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

function TryForm({
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
    <form
      className="api-reference__form"
      aria-label={`Try ${keyOf(target)}`}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {(operation.parameters ?? []).map((parameter) => (
        <div key={parameter.name} className="api-reference__input">
          <label htmlFor={`${id}-${parameter.name}`}>
            {parameter.name}
            {parameter.required ? ' *' : ''}
          </label>
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
            Status <strong className="api-reference__status">{answer.status}</strong>
          </p>
          <pre>{answer.text}</pre>
        </section>
      )}
    </form>
  );
}
