import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { components, operations } from '../../../generated/uiservices';
import { callOperation } from '../../api/callOperation';
import { itemKindNames, itemKinds } from '../../domain/itemKinds';
import { AuditEntries } from '../../engine/diff/AuditEntries';
import { t } from '../../messages/t';
import { usePageTitle } from '../../shell/title/usePageTitle';
import { SEARCH_DEBOUNCE_MS } from '../../ui/debounce';
import { TextField } from '../../ui/TextField';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import './audit.css';

type AuditAction = components['schemas']['AuditAction'];
type AuditKind = NonNullable<operations['Audit.GetAuditEntries']['parameters']['query']>['Kind'];

/** The Kind filter: every item kind (src/domain/itemKinds.ts), then roles, users and API users. */
const kinds = [
  ...itemKindNames.map((kind) => ({ value: kind, label: itemKinds[kind].label })),
  { value: 'role', label: t('audit.kind.role') },
  { value: 'user', label: t('audit.kind.user') },
  { value: 'apiUser', label: t('audit.kind.apiUser') },
] as const satisfies ReadonlyArray<{ value: AuditKind; label: string }>;
/** The Action filter, in this order; a Record so a new action of the contract cannot be left out. */
const actionOrder: Record<AuditAction, null> = {
  created: null,
  saved: null,
  published: null,
  deleted: null,
  activated: null,
  deactivated: null,
  permissionsChanged: null,
  rolesChanged: null,
  tokenRenewed: null,
  twoFactorReset: null,
  imported: null,
};
const actions = Object.keys(actionOrder) as AuditAction[];
const filterNames = ['user', 'kind', 'action', 'from', 'to'] as const;
type Filter = (typeof filterNames)[number];

/**
 * The admin-wide audit trail (issue 10 point 7): who created, saved, published or deleted which item or
 * account, who switched flows and accounts on or off, and who changed roles' permissions, accounts' roles,
 * tokens and two-factor authentication, newest first, filtered by user, item type, action and dates. The filters live in the URL, so a filtered view can be reloaded and shared.
 */
export default function AuditPage() {
  usePageTitle(t('audit.title'));
  const [params, setParams] = useSearchParams();
  const value = (name: Filter) => params.get(name) ?? '';
  const set = (name: Filter, next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(name, next);
        else updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  const user = useDebouncedValue(value('user').trim(), SEARCH_DEBOUNCE_MS);
  const query = {
    ...(user ? { User: user } : {}),
    ...(value('kind') ? { Kind: value('kind') } : {}),
    ...(value('action') ? { Action: value('action') } : {}),
    ...(value('from') ? { From: value('from') } : {}),
    ...(value('to') ? { To: value('to') } : {}),
  };
  const entries = useQuery({
    queryKey: ['audit', 'all', query],
    queryFn: () => callOperation('Audit.GetAuditEntries', { query: query as never }),
    staleTime: 0,
  });
  const kindId = useId();
  const actionId = useId();

  return (
    <div className="page">
      <header className="page__header page__header--row">
        <h1 className="page__title">{t('audit.title')}</h1>
      </header>
      <search className="audit__filters" aria-label={t('audit.title')}>
        <TextField
          label={t('audit.filter.user')}
          value={value('user')}
          onChange={(event) => set('user', event.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor={kindId}>
            {t('audit.filter.kind')}
          </label>
          <select
            id={kindId}
            className="field__select"
            value={value('kind')}
            onChange={(event) => set('kind', event.target.value)}
          >
            <option value="">{t('audit.filter.any')}</option>
            {kinds.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={actionId}>
            {t('audit.filter.action')}
          </label>
          <select
            id={actionId}
            className="field__select"
            value={value('action')}
            onChange={(event) => set('action', event.target.value)}
          >
            <option value="">{t('audit.filter.any')}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {t(`audit.action.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('audit.filter.from')}
          type="date"
          value={value('from')}
          onChange={(event) => set('from', event.target.value)}
        />
        <TextField
          label={t('audit.filter.to')}
          type="date"
          value={value('to')}
          onChange={(event) => set('to', event.target.value)}
        />
      </search>
      <div className="list__frame">
        {entries.isPending ? (
          <span className="spinner" role="status" aria-label="Loading" />
        ) : entries.error ? (
          <p className="empty-state" role="alert">
            {entries.error.message}
          </p>
        ) : entries.data.length === 0 ? (
          <p className="empty-state">{t('audit.empty')}</p>
        ) : (
          <AuditEntries entries={entries.data} label={t('audit.title')} showItem />
        )}
      </div>
    </div>
  );
}
