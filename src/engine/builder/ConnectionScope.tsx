import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, unwrap } from '../../api/client';

export const connectionsLookup = () => ({
  queryKey: ['FlowBase', 'GetConnections'] as const,
  queryFn: () => unwrap(api.GET('/UIServices/FlowBase/GetConnections')),
  staleTime: 60_000,
});

/** The connection a scoped builder works in, held in the URL (?connection=) so links keep it. */
export function useConnectionScope(enabled: boolean) {
  const [params, setParams] = useSearchParams();
  const connections = useQuery({ ...connectionsLookup(), enabled });
  const connection = params.get('connection') ?? undefined;
  const first = connections.data?.[0]?.FlowConnectionGuid;
  useEffect(() => {
    if (enabled && !connection && first) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('connection', first);
          return next;
        },
        { replace: true },
      );
    }
  }, [enabled, connection, first, setParams]);
  return {
    connection,
    connections: connections.data ?? [],
    loading: connections.isPending && enabled,
    select: (guid: string) =>
      setParams((current) => {
        const next = new URLSearchParams();
        next.set('connection', guid);
        void current;
        return next;
      }),
  };
}

export function ConnectionPicker({ scope }: { scope: ReturnType<typeof useConnectionScope> }) {
  return (
    <label className="inline-field">
      <span className="inline-field__label">Connection</span>
      <select
        className="field__select"
        value={scope.connection ?? ''}
        onChange={(event) => scope.select(event.target.value)}
      >
        {scope.connections.length === 0 && <option value="">No connections</option>}
        {scope.connections.map((connection) => (
          <option key={connection.FlowConnectionGuid} value={connection.FlowConnectionGuid}>
            {connection.Name}
          </option>
        ))}
      </select>
    </label>
  );
}
