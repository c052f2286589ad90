import { useQuery } from '@tanstack/react-query';
import { callOperation, type OperationId } from '../../api/callOperation';

type LookupItem = { Key: string; Value?: string | null };

/**
 * A lookup key shown by its label (JSON for Json), from the same cached lookup the form's select uses;
 * the key itself until the list is there, or when the list does not know it.
 */
export function OptionLabel({
  operation,
  value,
}: {
  operation: OperationId;
  value: string | null | undefined;
}) {
  const lookup = useQuery({
    queryKey: ['lookup', operation],
    queryFn: async () => (await callOperation(operation, {})) as unknown as LookupItem[],
    staleTime: 5 * 60_000,
  });
  if (!value) return <span className="list__muted">—</span>;
  return <>{lookup.data?.find((item) => item.Key === value)?.Value ?? value}</>;
}
