import { form } from '../../../generated/forms/Connection';
import type { components } from '../../../generated/uiservices';
import { connectionRules } from '../../domain/connections/rules';
import type { BuilderDefinition } from '../../engine/builder/BuilderDefinition';
import { ConnectionEditor } from './ConnectionEditor';
import { CredentialSettingsField } from './CredentialSettingsField';
import { HttpOperationsField } from './HttpOperationsField';

type Connection = components['schemas']['Connection'];

/**
 * Connection Builder (spec part 1 §2 'Connection Builder', §3 'Connection', §5 'Connection', §7
 * 'Connections'). The page (page.tsx) binds the rules to the credential types.
 */
export const builder: BuilderDefinition<Connection> = {
  route: '/connectionbuilder',
  title: 'Connection Builder',
  item: 'connection',
  area: 'ConnectionBuilder',
  form,
  operations: {
    list: 'Connection.GetConnections',
    get: 'Connection.GetConnectionByGuid',
    save: 'Connection.PostConnection',
    remove: 'Connection.DeleteConnection',
  },
  // A platform may hold thousands of connections: the server searches, sorts and pages the list, so it
  // opens with one page; up to LOCAL_LIST_LIMIT (src/engine/list/usePagedRows.ts) the whole list follows and the browser pages it.
  paging: 'server',
  // The fields GetConnections searches and breaks sort ties by (server/areas/connection.ts), so the
  // list can page the whole list itself once loaded.
  localPaging: { searchFields: ['Name', 'Type', 'Description'], nameField: 'Name' },
  columns: [
    { id: 'name', header: 'Name', field: 'Name', value: (connection) => connection.Name },
    { id: 'type', header: 'Type', field: 'Type', value: (connection) => connection.Type },
    {
      id: 'modified',
      header: 'Last edited',
      kind: 'date',
      field: 'Modified',
      value: (connection) => connection.Modified,
    },
    {
      id: 'status',
      header: 'Status',
      kind: 'status',
      field: 'IsPublished',
      value: (connection) => (connection.IsPublished ? 'published' : 'draft'),
    },
  ],
  id: (connection) => connection.FlowConnectionGuid,
  name: (connection) => connection.Name,
  create: () => ({
    FlowConnectionGuid: crypto.randomUUID(),
    Name: '',
    Type: '',
    IsInternal: false,
    AvailableModules: [],
    FlowCredential: { CredentialGuid: crypto.randomUUID(), Type: '', Settings: {} },
    IsPublished: false,
    IsNew: true,
  }),
  peersList: 'connections',
  rules: (connection) => connectionRules(connection, undefined),
  fields: {
    connectionEditor: ConnectionEditor,
    credentialSettings: CredentialSettingsField,
    httpOperations: HttpOperationsField,
  },
  publishable: true,
  messages: { notFound: 'cb.error.loadConnection' },
};
