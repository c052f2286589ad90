import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../api/callOperation';

/** The DefaultValueTypes setting: default types and the field types each permits (spec part 1 §3, §7). */
export function useDefaultValueTypes() {
  return useQuery({
    queryKey: ['lookup', 'FlowBase.GetSettingByName', null, { Name: 'DefaultValueTypes' }],
    queryFn: () => callOperation('FlowBase.GetSettingByName', { query: { Name: 'DefaultValueTypes' } }),
    staleTime: 5 * 60_000,
  }).data?.Items;
}
