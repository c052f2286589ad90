import { form } from '../../../generated/forms/Method';
import type { components } from '../../../generated/uiservices';
import { methodRules } from '../../domain/methods/rules';
import type { BuilderDefinition } from '../../engine/builder/BuilderDefinition';
import { describeMethodError } from './describeError';
import { MethodEditor } from './MethodEditor';
import { MethodFieldDrawer } from './MethodFieldDrawer';
import { StoredProcedureField } from './StoredProcedureField';

type Method = components['schemas']['Method'];

/**
 * Method Builder (spec part 1 §2 'Method Builder', §3 'Method', §5 'Method', §7 'Methods'): methods per
 * connection, each wrapping a stored procedure of the connection's database.
 */
export const builder: BuilderDefinition<Method> = {
  route: '/methodbuilder',
  title: 'Method Builder',
  item: 'method',
  area: 'MethodBuilder',
  form,
  operations: {
    list: 'SPActionDocument.GetConnectionMethods',
    get: 'SPActionDocument.GetConnectionMethod',
    save: 'SPActionDocument.PostConnectionMethod',
    remove: 'SPActionDocument.DeleteConnectionMethod',
  },
  scopedByConnection: true,
  columns: [
    { id: 'name', header: 'Name', value: (method) => method.Name },
    { id: 'script', header: 'Stored procedure', value: (method) => method.Script },
    { id: 'read', header: 'Read', kind: 'boolean', value: (method) => method.IsRead === true },
    { id: 'modified', header: 'Last edited', kind: 'date', value: (method) => method.Modified },
    {
      id: 'status',
      header: 'Status',
      kind: 'status',
      value: (method) => (method.IsPublished ? 'published' : 'draft'),
    },
  ],
  id: (method) => method.Guid,
  name: (method) => method.Name,
  // The default type of a new method is Stored Procedure (spec part 1 §9).
  create: (scope) => ({
    Guid: crypto.randomUUID(),
    Name: '',
    Type: 'Stored Procedure',
    FlowConnectionGuid: scope.connection ?? '',
    IsSp: true,
    IsRead: false,
    FullOutput: false,
    Script: '',
    Input: [],
    Output: [],
    IsPublished: false,
    IsNew: true,
  }),
  peersList: 'methods',
  rules: methodRules,
  describeError: describeMethodError,
  fields: { methodEditor: MethodEditor, storedProcedure: StoredProcedureField },
  // The drawer of the input and output field lists.
  formContext: { fieldDrawers: { methodField: MethodFieldDrawer } },
  publishable: true,
  saveOnlyWhenUnpublished: true,
  // A failed method delete is only logged (spec part 1 §8).
  logDeleteFailure: true,
  messages: { notFound: 'method.error.loadMethod' },
};
