import { form } from '../../../generated/forms/Script';
import type { components } from '../../../generated/uiservices';
import { plainBuilder } from '../../engine/builder/plainBuilder';
import { CSharpCodeWidget } from './CSharpCodeWidget';
import { scriptChecks } from './scriptChecks';

type Script = components['schemas']['Script'];

/**
 * Script Builder (spec part 1 §2 'Script Builder', §3 'Script', §5 'Script'): a plain kind, so route,
 * title, area and calls come from the x-item of schemas/entities/script.schema.json and the contract.
 */
export const builder = plainBuilder<Script>('script', {
  deleteArea: 'ScriptDelete',
  form,
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
  saveOnlyWhenUnpublished: true,
  messages: { deleteError: 'sb.scriptDelete.error' },
});
