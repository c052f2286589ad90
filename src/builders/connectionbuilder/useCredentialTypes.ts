import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../api/callOperation';

/**
 * The credential types with their setting fields (spec part 1 §7 'Connections': GET CredentialTypes), under
 * the key the type select's lookup uses, so both share one call.
 */
export function useCredentialTypes() {
  return useQuery({
    queryKey: ['lookup', 'Connection.CredentialTypes', null, null],
    queryFn: () => callOperation('Connection.CredentialTypes', {}),
    staleTime: 5 * 60_000,
  });
}
