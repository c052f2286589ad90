import { form } from '../../../generated/forms/Script';
import type { components } from '../../../generated/uiservices';
import type { BuilderDefinition } from '../../engine/builder/BuilderDefinition';
import { CSharpCodeWidget } from './CSharpCodeWidget';
import { scriptChecks } from './scriptChecks';

type Script = components['schemas']['Script'];

/** Script Builder (spec part 1 §2 'Script Builder', §3 'Script', §5 'Script'). */
export const builder: BuilderDefinition<Script> = {
  route: '/scriptbuilder',
  title: 'Script Builder',
  item: 'script',
  area: 'ScriptBuilder',
  deleteArea: 'ScriptDelete',
  form,
  operations: {
    list: 'Script.GetScripts',
    get: 'Script.GetScriptByGuid',
    save: 'Script.PostScript',
    remove: 'Script.DeleteScript',
  },
  columns: [
    { id: 'name', header: 'Name', value: (script) => script.Name },
    { id: 'type', header: 'Script type', value: (script) => script.ScriptType },
    { id: 'host', header: 'Service host', value: (script) => script.HostName },
    { id: 'modified', header: 'Last edited', kind: 'date', value: (script) => script.Modified },
    {
      id: 'status',
      header: 'Status',
      kind: 'status',
      value: (script) => (script.IsPublished ? 'published' : 'draft'),
    },
  ],
  id: (script) => script.Guid,
  name: (script) => script.Name,
  create: () => ({
    Guid: crypto.randomUUID(),
    Name: '',
    Script: '',
    Commit: '',
    IsPublished: false,
    IsNew: true,
  }),
  peersList: 'scripts',
  // The compile check and the script type list are the server's (spec part 1 §5 'Script').
  checks: scriptChecks,
  widgets: { code: CSharpCodeWidget },
  publishable: true,
  saveOnlyWhenUnpublished: true,
  messages: { deleteError: 'sb.scriptDelete.error', notFound: 'sb.error.loadScript' },
};
