import { createElement } from 'react';
import { form } from '../../../generated/forms/RestApi';
import type { components } from '../../../generated/uiservices';
import type { BuilderDefinition } from '../../engine/builder/BuilderDefinition';
import { OptionLabel } from './OptionLabel';
import { restApiChecks } from './restApiChecks';

type RestApi = components['schemas']['RestApi'];

/** REST APIs, the first tab of REST API management (spec part 1 §2, §3 'REST API', §5 'REST API'). */
export const builder: BuilderDefinition<RestApi> = {
  route: '/restapi',
  title: 'REST API',
  item: 'REST API',
  area: 'RestApiBuilder',
  // Deleting a REST API is its own action; Delete is for API users (spec part 1 §6).
  deleteAction: 'DeleteRestApi',
  form,
  operations: {
    list: 'RestApi.GetRestApi',
    get: 'RestApi.GetRestApiByGuid',
    save: 'RestApi.PostRestApi',
    remove: 'RestApi.DeleteRestApi',
  },
  columns: [
    { id: 'name', header: 'Name', value: (api) => api.Name },
    {
      id: 'returnType',
      header: 'Return type',
      value: (api) => api.ReturnType,
      render: (api) =>
        createElement(OptionLabel, { operation: 'RestApi.getApiReturnType', value: api.ReturnType }),
    },
    {
      id: 'authentication',
      header: 'Authentication',
      value: (api) => api.ApiAuthentication,
      render: (api) =>
        createElement(OptionLabel, {
          operation: 'RestApi.GetApiAuthentication',
          value: api.ApiAuthentication,
        }),
    },
    { id: 'active', header: 'Active', kind: 'boolean', value: (api) => api.IsActive !== false },
    { id: 'modified', header: 'Last edited', kind: 'date', value: (api) => api.Modified },
    {
      id: 'status',
      header: 'Status',
      kind: 'status',
      value: (api) => (api.IsPublished ? 'published' : 'draft'),
    },
  ],
  id: (api) => api.Guid,
  name: (api) => api.Name,
  create: () => ({
    Guid: crypto.randomUUID(),
    Name: '',
    ReturnType: '',
    ApiAuthentication: '',
    IsActive: true,
    IsInternal: false,
    Users: [],
    Settings: [],
    IsPublished: false,
    IsNew: true,
  }),
  peersList: 'restApis',
  // Return types and authentications are the server's lists (spec part 1 §5 'REST API').
  checks: restApiChecks,
  publishable: true,
  messages: { deleteError: 'ra.restApiDelete.error', notFound: 'ra.error.loadRestApi' },
};
