import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** A client module's frame address (ClientAdmin/GetIFrameInfo, cached per module; spec part 1 §7). */
export const iframeInfoQuery = (module: string) =>
  queryOptions({
    queryKey: ['ClientAdmin', 'GetIFrameInfo', module] as const,
    queryFn: () =>
      unwrap(api.GET('/UIServices/ClientAdmin/GetIFrameInfo', { params: { query: { Name: module } } })),
    staleTime: Number.POSITIVE_INFINITY,
  });
