import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../api/ApiError';
import { isSpecialFlow } from '../../../domain/flow/specialFlow';
import type { HttpMethod } from '../../../domain/flow/types';
import { cleanName } from '../../../domain/rules/names';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { t } from '../../../messages/t';
import { useCan } from '../../../permissions/useCan';
import { useNotify } from '../../../shell/notifications/useNotify';
import type { FieldError } from '../../../validation/fieldErrors';
import { apiListQuery, flowExists, flowKeys, saveFlow } from '../flowQueries';
import { httpMethods, type NewFlowRequest, newFlow, newFlowErrors } from './flowList';

const problem = (path: string, messageKey: string, params?: Record<string, string>): FieldError => ({
  path,
  messageKey,
  message: t(messageKey, params),
});

const sameRequest = (a: NewFlowRequest | null, b: NewFlowRequest) =>
  a !== null && a.method === b.method && a.api === b.api && a.name.toLowerCase() === b.name.toLowerCase();

/**
 * Create flow (spec part 2 §2 'Flow Builder'): method (POST, GET, PUT, DELETE), name (cleaned as typed:
 * letters, digits, underscores and slashes, no leading, trailing or double slash), 'uses Script Service'
 * and REST API. Save asks CheckForExistingRestMethodFlow first (§5: unique by name, method and REST API),
 * then stores the new draft (START → RESULT → CLOSE) and opens it. Script flows and PUT/DELETE flows need
 * Upsert special flow (§4 'Special flows').
 */
export function CreateFlowDrawer(props: { drawerKey: string; api?: string | null }) {
  const apis = useQuery(apiListQuery());
  const can = useCan();
  const client = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const ids = { method: useId(), name: useId(), script: useId(), api: useId() };
  const special = can('FlowBuilder', 'UpsertSpecialFlow');
  const [taken, setTaken] = useState<NewFlowRequest | null>(null);
  const validate = useCallback(
    (request: NewFlowRequest) => [
      ...newFlowErrors(request),
      ...(sameRequest(taken, request)
        ? [problem('/Name', 'fb.flowErrors.flowExists', { method: request.method })]
        : []),
      ...(!special && isSpecialFlow({ IsScript: request.isScript, HttpMethod: request.method })
        ? [problem('/Method', 'fb.specialFlowForbidden')]
        : []),
    ],
    [taken, special],
  );
  const initial: NewFlowRequest = { method: 'GET', name: '', isScript: false, api: props.api ?? '' };

  const create = async (request: NewFlowRequest) => {
    const name = cleanName('flow', request.name);
    const cleaned = { ...request, name };
    try {
      if (await flowExists({ Method: request.method, ApiGuid: request.api, FlowName: name })) {
        setTaken(cleaned);
        return false;
      }
      const flow = newFlow({
        ...cleaned,
        apiName: apis.data?.find((api) => api.Guid === request.api)?.Name ?? null,
      });
      await saveFlow(flow);
      await client.invalidateQueries({ queryKey: flowKeys.all });
      notify('success', t('fb.created', { name }));
      // After the drawer closes: the editor opens on the new draft (spec part 2 §4 'New flow').
      setTimeout(() => navigate(`/flowbuilder/${encodeURIComponent(flow.Guid)}`), 0);
      return true;
    } catch (error) {
      notify(
        isApiError(error) ? error.severity : 'danger',
        isApiError(error) ? error.message : t('generic.updateError'),
      );
      return false;
    }
  };

  return (
    <DrawerEditor<NewFlowRequest>
      drawerKey={props.drawerKey}
      value={initial}
      validate={validate}
      onSave={create}
      saveLabel="Create"
    >
      {({ value, onChange, errors }) => {
        const at = (path: string) =>
          errors.filter((error) => error.path === path).map((error) => error.message);
        const nameProblems = value.name === '' ? [] : at('/Name');
        return (
          <div className="flow-create">
            <div className="field">
              <label className="field__label" htmlFor={ids.method}>
                Method
              </label>
              <select
                id={ids.method}
                className="field__select"
                value={value.method}
                onChange={(event) => onChange({ ...value, method: event.target.value as HttpMethod })}
              >
                {httpMethods.map((method) => (
                  <option
                    key={method}
                    value={method}
                    disabled={!special && (method === 'PUT' || method === 'DELETE')}
                  >
                    {method}
                  </option>
                ))}
              </select>
              {at('/Method').length > 0 && (
                <p className="field__error" role="alert">
                  {at('/Method').join(' ')}
                </p>
              )}
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.name}>
                Name
              </label>
              <input
                id={ids.name}
                className="field__input"
                value={value.name}
                autoComplete="off"
                aria-invalid={nameProblems.length > 0 || undefined}
                onChange={(event) =>
                  onChange({ ...value, name: cleanName('flow', event.target.value, { typing: true }) })
                }
              />
              <p className="field__help">Letters, digits, underscores and slashes, such as orders/open.</p>
              {nameProblems.length > 0 && (
                <p className="field__error" role="alert">
                  {nameProblems.join(' ')}
                </p>
              )}
            </div>
            <label className="checkbox" htmlFor={ids.script}>
              <input
                id={ids.script}
                type="checkbox"
                checked={value.isScript}
                disabled={!special}
                onChange={(event) => onChange({ ...value, isScript: event.target.checked })}
              />
              <span>Uses Script Service</span>
            </label>
            <div className="field">
              <label className="field__label" htmlFor={ids.api}>
                REST API
              </label>
              <select
                id={ids.api}
                className="field__select"
                value={value.api}
                onChange={(event) => onChange({ ...value, api: event.target.value })}
              >
                <option value="">Choose a REST API</option>
                {(apis.data ?? []).map((api) => (
                  <option key={api.Guid} value={api.Guid}>
                    {api.Name}
                  </option>
                ))}
              </select>
              {apis.error && (
                <p className="field__error" role="alert">
                  {apis.error.message}
                </p>
              )}
            </div>
          </div>
        );
      }}
    </DrawerEditor>
  );
}
