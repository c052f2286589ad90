import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { flowType } from '../../../domain/flow/fieldTypes';
import type { FlowFunction } from '../../../domain/flow/types';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { functionsQuery } from '../flowQueries';

/**
 * Functions picker (spec part 2 §2 drawer 8): filter by connection (All or one) and search; columns name,
 * description, output type, connection; functions whose output type differs from the required type are
 * disabled.
 */
export function FunctionPickerDrawer(props: {
  drawerKey: string;
  type: string | null | undefined;
  onPick(fn: FlowFunction): void;
}) {
  const functions = useQuery(functionsQuery());
  const drawers = useDrawers();
  const [connection, setConnection] = useState('');
  const [search, setSearch] = useState('');
  const ids = { connection: useId(), search: useId() };
  const all = functions.data ?? [];
  const connections = [
    ...new Map(
      all
        .filter((fn) => fn.FlowConnectionGuid)
        .map((fn) => [fn.FlowConnectionGuid!, fn.ConnectionName ?? fn.FlowConnectionGuid!]),
    ).entries(),
  ];
  const needle = search.trim().toLowerCase();
  const shown = all.filter(
    (fn) =>
      (connection === '' || fn.FlowConnectionGuid === connection) &&
      (needle === '' ||
        fn.Name.toLowerCase().includes(needle) ||
        (fn.Description ?? '').toLowerCase().includes(needle)),
  );
  return (
    <div className="drawer-form">
      <div className="flow-form-row">
        <div className="field">
          <label className="field__label" htmlFor={ids.connection}>
            Connection
          </label>
          <select
            id={ids.connection}
            className="field__select"
            value={connection}
            onChange={(event) => setConnection(event.target.value)}
          >
            <option value="">All</option>
            {connections.map(([guid, name]) => (
              <option key={guid} value={guid}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.search}>
            Search
          </label>
          <input
            id={ids.search}
            className="field__input"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <table className="list__table flow-table" aria-label="Functions">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Description</th>
            <th scope="col">Output type</th>
            <th scope="col">Connection</th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 && (
            <tr>
              <td colSpan={4} className="list__state">
                {functions.isPending ? 'Loading…' : 'No functions match.'}
              </td>
            </tr>
          )}
          {shown.map((fn) => {
            const fits = flowType(fn.Output?.Type) === flowType(props.type);
            return (
              <tr
                key={fn.Guid}
                className={fits ? undefined : 'flow-table__row--disabled'}
                title={
                  fits ? undefined : `Gives ${fn.Output?.Type ?? '?'}; the field needs ${props.type ?? '?'}`
                }
              >
                <td>
                  <button
                    type="button"
                    className="list__open"
                    disabled={!fits}
                    onClick={() => {
                      props.onPick(fn);
                      void drawers.close(props.drawerKey, { force: true });
                    }}
                  >
                    {fn.Name}
                  </button>
                </td>
                <td>{fn.Description ?? '—'}</td>
                <td>{fn.Output?.Type ?? '—'}</td>
                <td>{fn.ConnectionName ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
