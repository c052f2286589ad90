import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RestMethodFlow } from '../../../domain/flow/types';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { usePageIsTop, useShortcuts } from '../../../engine/guards/shortcuts';
import type { ColumnSpec } from '../../../engine/list/columns';
import { ListView } from '../../../engine/list/ListView';
import { useListController } from '../../../engine/list/useListController';
import { useCan } from '../../../permissions/useCan';
import { usePageTitle } from '../../../shell/title/usePageTitle';
import { apiListQuery, flowsQuery } from '../flowQueries';
import { StatusBadge } from '../StatusBadge';
import { CreateFlowDrawer } from './CreateFlowDrawer';
import { filterFlows, isStatusFilter, type StatusFilter, statusFilters } from './flowList';

const columns: ColumnSpec<RestMethodFlow>[] = [
  { id: 'name', header: 'Name', value: (flow) => flow.Name },
  {
    id: 'method',
    header: 'Method',
    value: (flow) => flow.HttpMethod,
    render: (flow) => <span className="flow-method">{flow.HttpMethod}</span>,
  },
  { id: 'api', header: 'REST API', value: (flow) => flow.ApiName },
  {
    id: 'status',
    header: 'Status',
    value: (flow) => flow.Status,
    searchable: false,
    render: (flow) => (
      <>
        <StatusBadge status={flow.Status} />
        {flow.IsScript && <span className="badge badge--muted">Script</span>}
      </>
    ),
  },
  { id: 'version', header: 'Version', value: (flow) => flow.Version, searchable: false },
  { id: 'modified', header: 'Modified', value: (flow) => flow.Modified, kind: 'date' },
];

const filterLabels: Record<StatusFilter, string> = { all: 'All', active: 'Active', published: 'Published' };

/**
 * The Flow Builder's welcome list (spec part 2 §2 'Flow Builder'): search, a REST API filter and a status
 * filter (all, active, published), kept in the URL with the list's own state; create flow opens the
 * create drawer; a row opens its editor at /flowbuilder/:guid.
 */
export function FlowList() {
  usePageTitle('Flow Builder');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const can = useCan();
  const drawers = useDrawers();
  const apiFilterId = useId();
  const flows = useQuery(flowsQuery());
  const apis = useQuery(apiListQuery());
  const api = params.get('api');
  const rawStatus = params.get('status');
  const status: StatusFilter = isStatusFilter(rawStatus) ? rawStatus : 'all';
  const rows = useMemo(
    () => (flows.data ? filterFlows(flows.data, { api, status }) : undefined),
    [flows.data, api, status],
  );
  const controller = useListController({ rows, columns });
  const canUpsert = can('FlowBuilder', 'Upsert');

  const setFilter = (name: 'api' | 'status', value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const create = canUpsert
    ? () =>
        drawers.open({
          key: 'create-flow',
          title: 'Create flow',
          content: <CreateFlowDrawer drawerKey="create-flow" api={api} />,
        })
    : undefined;
  useShortcuts(usePageIsTop(), { ...(create ? { create } : {}) });

  return (
    <div className="page">
      <header className="page__header page__header--row">
        <h1 className="page__title">Flow Builder</h1>
      </header>
      <ListView
        label="Flows"
        columns={columns}
        controller={controller}
        loading={flows.isPending}
        error={flows.error ? flows.error.message : null}
        rowKey={(flow) => flow.Guid}
        openLabel={canUpsert ? 'edit' : 'view'}
        onOpen={(flow) => navigate(`/flowbuilder/${encodeURIComponent(flow.Guid)}`)}
        {...(create ? { onCreate: create, createLabel: 'Create flow' } : {})}
        emptyText={status === 'all' && !api ? 'No flows yet.' : 'No flows match these filters.'}
        toolbar={
          <>
            <label className="flow-filter" htmlFor={apiFilterId}>
              <span className="flow-filter__label">REST API</span>
              <select
                id={apiFilterId}
                className="field__select"
                value={api ?? ''}
                onChange={(event) => setFilter('api', event.target.value || null)}
              >
                <option value="">All REST APIs</option>
                {(apis.data ?? []).map((entry) => (
                  <option key={entry.Guid} value={entry.Guid}>
                    {entry.Name}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="flow-status-filter" aria-label="Status">
              {statusFilters.map((value) => (
                <button
                  key={value}
                  type="button"
                  className={`button button--small${status === value ? ' button--primary' : ''}`}
                  aria-pressed={status === value}
                  onClick={() => setFilter('status', value === 'all' ? null : value)}
                >
                  {filterLabels[value]}
                </button>
              ))}
            </fieldset>
          </>
        }
      />
    </div>
  );
}
