import { describe, expect, it } from 'vitest';
import { operationsOf } from '../../../server/contract/operations';

/**
 * Every call of spec part 1 §7 and part 2 §7, as method and path under /api/UIServices. Where the spec
 * leaves the method or path unstated, the contract marks its choice x-spec: inferred.
 */
const specCalls: Array<[string, string, string]> = [
  // part 1 §7 Account
  ['part 1 §7 Account', 'POST', 'Users/Authenticate'],
  ['part 1 §7 Account', 'POST', 'Users/Authenticate2FA'],
  ['part 1 §7 Account', 'POST', 'Users/RefreshToken'],
  ['part 1 §7 Account', 'POST', 'Users/RequestNewPassword'],
  ['part 1 §7 Account', 'POST', 'Users/ResetPassword'],
  ['part 1 §7 Account', 'POST', 'Users/ChangePassword'],
  ['part 1 §7 Account', 'GET', 'Users/CreateSharedKey'],
  ['part 1 §7 Account', 'POST', 'Users/CheckSecretKey'],
  // part 1 §7 Shared lookups
  ['part 1 §7 Shared lookups', 'GET', 'FlowBase/GetConnections'],
  ['part 1 §7 Shared lookups', 'GET', 'FlowBase/GetListByName'],
  ['part 1 §7 Shared lookups', 'GET', 'FlowBase/GetFunctionLists'],
  ['part 1 §7 Shared lookups', 'GET', 'FlowBase/GetFunctionListMetaByGuid/{guid}'],
  ['part 1 §7 Shared lookups', 'GET', 'ClientAdmin/GetClientModules'],
  ['part 1 §7 Shared lookups', 'GET', 'ClientAdmin/GetIFrameInfo'],
  ['part 1 §7 Shared lookups (settings by name)', 'GET', 'FlowBase/GetSettingByName'],
  ['part 2 §7 Shared lookups (app links)', 'GET', 'ClientAdmin/GetAppLinks'],
  // part 1 §7 Connections
  ['part 1 §7 Connections', 'GET', 'Connection/GetConnections'],
  ['part 1 §7 Connections', 'GET', 'Connection/CredentialTypes'],
  ['part 1 §7 Connections', 'GET', 'Connection/GetConnectionByGuid/{guid}'],
  ['part 1 §7 Connections', 'POST', 'Connection/PostConnection'],
  ['part 1 §7 Connections (delete path not shown)', 'DELETE', 'Connection/DeleteConnection/{guid}'],
  // part 1 §7 Metadata documents
  ['part 1 §7 Metadata documents', 'GET', 'MetaDocumentBuilder/GetReferenceLists/{name}'],
  ['part 1 §7 Metadata documents', 'GET', 'MetaDocumentBuilder/GetReferenceLists'],
  ['part 1 §7 Metadata documents', 'GET', 'MetaDocumentBuilder/GetForeignReferenceList'],
  ['part 1 §7 Metadata documents', 'GET', 'MetaDocumentBuilder/GetMetadataDocuments'],
  ['part 1 §7 Metadata documents', 'GET', 'MetaDocumentBuilder/GetMetadataDocument/{guid}'],
  ['part 1 §7 Metadata documents', 'POST', 'MetaDocumentBuilder/MetaDocument'],
  ['part 1 §7 Metadata documents', 'DELETE', 'MetaDocumentBuilder/DeleteMetadataDocument/{guid}'],
  // part 1 §7 Methods
  ['part 1 §7 Methods', 'GET', 'SPActionDocument/GetConnectionMethods/{connection}'],
  ['part 1 §7 Methods', 'GET', 'SPActionDocument/GetConnectionMethod/{connection}/{guid}'],
  ['part 1 §7 Methods', 'POST', 'SPActionDocument/PostConnectionMethod/{connection}/{guid}'],
  ['part 1 §7 Methods', 'DELETE', 'SPActionDocument/DeleteConnectionMethod/{connection}/{guid}'],
  ['part 1 §7 Methods', 'GET', 'SPActionDocument/GetSPS/{connection}'],
  ['part 1 §7 Methods', 'GET', 'SPActionDocument/GetSPParameters/{connection}/{name}'],
  // part 1 §7 REST APIs
  ['part 1 §7 REST APIs', 'GET', 'RestApi/GetApiUsers'],
  ['part 1 §7 REST APIs', 'POST', 'RestApi/PostApiUser'],
  ['part 1 §7 REST APIs', 'DELETE', 'RestApi/DeleteApiUser/{guid}'],
  ['part 1 §7 REST APIs', 'GET', 'RestApi/GetRestApi'],
  ['part 1 §7 REST APIs', 'GET', 'RestApi/GetRestApiByGuid/{guid}'],
  ['part 1 §7 REST APIs', 'GET', 'RestApi/getApiReturnType'],
  ['part 1 §7 REST APIs', 'GET', 'RestApi/GetApiAuthentication'],
  ['part 1 §7 REST APIs', 'POST', 'RestApi/PostRestApi'],
  ['part 1 §7 REST APIs', 'DELETE', 'RestApi/DeleteRestApi/{guid}'],
  // part 1 §7 Scripts
  ['part 1 §7 Scripts', 'GET', 'Script/GetScripts'],
  ['part 1 §7 Scripts', 'GET', 'Script/GetScriptTypes'],
  ['part 1 §7 Scripts', 'GET', 'Script/GetScriptByGuid/{guid}'],
  ['part 1 §7 Scripts', 'DELETE', 'Script/DeleteScript/{guid}'],
  ['part 1 §7 Scripts', 'POST', 'Script/PostScript'],
  ['part 1 §7 Scripts', 'POST', 'Script/CheckCompilation'],
  // part 1 §7 User management
  ['part 1 §7 User management', 'GET', 'UserManagement/GetUsers'],
  ['part 1 §7 User management', 'GET', 'UserManagement/GetUser/{guid}'],
  ['part 1 §7 User management', 'POST', 'UserManagement/PostUser'],
  ['part 1 §7 User management', 'DELETE', 'UserManagement/DeleteUser/{guid}'],
  ['part 1 §7 User management', 'GET', 'UserManagement/GetRoles'],
  ['part 1 §7 User management', 'GET', 'UserManagement/GetRole/{guid}'],
  ['part 1 §7 User management', 'POST', 'UserManagement/PostRole'],
  ['part 1 §7 User management', 'DELETE', 'UserManagement/DeleteRole/{guid}'],
  ['part 1 §7 User management', 'POST', 'UserManagement/Deactivate2FA'],
  // part 2 §7 ActionDocument
  ['part 2 §7 ActionDocument', 'GET', 'ActionDocument/GetActionDocuments/{connection}'],
  ['part 2 §7 ActionDocument', 'GET', 'ActionDocument/GetActionDocument/{connection}/{guid}'],
  ['part 2 §7 ActionDocument', 'GET', 'ActionDocument/GetDocumentsOfTypeAction/{connection}'],
  [
    'part 2 §7 ActionDocument',
    'GET',
    'ActionDocument/GetReferencingDocumentsOfTypeAction/{connection}/{guid}',
  ],
  ['part 2 §7 ActionDocument', 'GET', 'ActionDocument/GetConnectionDocument/{connection}/{guid}'],
  ['part 2 §7 ActionDocument', 'GET', 'ActionDocument/GetConnectionMethods/{connection}'],
  ['part 2 §7 ActionDocument', 'GET', 'ActionDocument/GetConnectionMethod/{connection}/{guid}'],
  ['part 2 §7 ActionDocument', 'POST', 'ActionDocument/PostActionDocument/{connection}/{guid}'],
  ['part 2 §7 ActionDocument', 'DELETE', 'ActionDocument/DeleteActionDocument/{connection}/{guid}'],
  // part 2 §7 ComposedDocument
  ['part 2 §7 ComposedDocument', 'GET', 'ComposedDocument/GetComposedDocuments/{connection}'],
  ['part 2 §7 ComposedDocument', 'GET', 'ComposedDocument/GetComposedDocument/{connection}/{guid}'],
  ['part 2 §7 ComposedDocument', 'GET', 'ComposedDocument/GetActionDocuments/{connection}'],
  ['part 2 §7 ComposedDocument', 'GET', 'ComposedDocument/GetReferencingDocuments/{connection}/{guid}'],
  ['part 2 §7 ComposedDocument', 'GET', 'ComposedDocument/GetActionDocument/{connection}/{guid}'],
  ['part 2 §7 ComposedDocument', 'POST', 'ComposedDocument/PostComposedDocument/{connection}/{guid}'],
  ['part 2 §7 ComposedDocument', 'DELETE', 'ComposedDocument/DeleteComposedDocument/{connection}/{guid}'],
  // part 2 §7 DocumentBuilder
  ['part 2 §7 DocumentBuilder', 'GET', 'DocumentBuilder/GetConnectionDocuments/{connection}'],
  ['part 2 §7 DocumentBuilder', 'GET', 'DocumentBuilder/GetConnectionDocument/{connection}/{guid}'],
  ['part 2 §7 DocumentBuilder', 'POST', 'DocumentBuilder/PostConnectionDocument/{connection}/{guid}'],
  ['part 2 §7 DocumentBuilder', 'DELETE', 'DocumentBuilder/DeleteConnectionDocument/{connection}/{guid}'],
  // part 2 §7 DocumentEditor
  ['part 2 §7 DocumentEditor', 'GET', 'DocumentEditor/GetConnectionDocument/{connection}/{guid}/records'],
  ['part 2 §7 DocumentEditor', 'POST', 'DocumentEditor/PostRecord/{connection}/{guid}'],
  // part 2 §7 FlowBuilder
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetRestMethodFlows'],
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetRestMethodFlowById/{guid}'],
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetRestMethodFlowById/{guid}/{version}'],
  ['part 2 §7 FlowBuilder', 'DELETE', 'FlowBuilder/DeleteRestMethodFlow/{guid}/{version}'],
  ['part 2 §7 FlowBuilder', 'POST', 'FlowBuilder/PostRestMethodFlow'],
  ['part 2 §7 FlowBuilder', 'POST', 'FlowBuilder/SetRestMethodFlowStatus/{guid}'],
  ['part 2 §7 FlowBuilder', 'POST', 'FlowBuilder/CheckForExistingRestMethodFlow'],
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetActionsRestFlow/{connection}'],
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetActionsRestFlowById/{guid}'],
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetExternalConnectors'],
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetExternalConnectorById/{guid}'],
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetDocuments/{connection}'],
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetFunctions'],
  ['part 2 §7 FlowBuilder', 'GET', 'FlowBuilder/GetApiList'],
  [
    'part 2 §7 FlowBuilder (duplicate from the history drawer)',
    'POST',
    'FlowBuilder/DuplicateRestMethodFlow/{guid}/{version}',
  ],
];

describe('every call of spec part 1 §7 and part 2 §7 is in the contract', () => {
  const operations = operationsOf();
  const present = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));

  it.each(specCalls)('%s: %s %s', (_section, method, path) => {
    expect(present.has(`${method} /UIServices/${path}`)).toBe(true);
  });

  it('every operation declares its permission and has a unique id', () => {
    const ids = operations.map((operation) => operation.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) expect(operation.permission).toBeTruthy();
  });
});
