import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** The platform's modules (ClientAdmin/GetClientModules); routes and menu items exist only for these. */
export const clientModulesQuery = () =>
  queryOptions({
    queryKey: ['ClientAdmin', 'GetClientModules'] as const,
    queryFn: () => unwrap(api.GET('/UIServices/ClientAdmin/GetClientModules')),
    staleTime: 5 * 60_000,
  });
