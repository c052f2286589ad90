import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { form } from '../../../../generated/forms/FlowDetails';
import { isSpecialFlow } from '../../../domain/flow/specialFlow';
import type { FlowStatus, FlowVersion } from '../../../domain/flow/types';
import { ItemHistory, itemHistoryKey } from '../../../engine/diff/ItemHistory';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { t } from '../../../messages/t';
import { useCan } from '../../../permissions/useCan';
import { useConfirm } from '../../../shell/dialogs/confirm';
import { failureNotice } from '../../../shell/notifications/failureNotice';
import { useNotify, useNotifyError } from '../../../shell/notifications/useNotify';
import { executionPath } from '../executions/ExecutionDrawer';
import { FlowExecutions, useExecutionsLog } from '../executions/FlowExecutions';
import { deleteVersion, duplicateVersion, flowKeys, flowQuery, setFlowStatus } from '../flowQueries';
import { formFields } from '../formFields';
import type { FlowDetailsContext } from '../formFields/FlowDetailsFields';
import { type KeepCallData, keepCallDataLabel, setKeepCallData } from '../testRun/testRunQueries';

interface DetailsValue {
  Name: string;
  IsActive: boolean;
  KeepCallData: KeepCallData;
  FirstPublished: string | null;
  LastPublished: string | null;
  ApiName: string | null;
  HttpMethod: string;
  Status: FlowStatus | null;
  Versions: FlowVersion[];
}

/**
 * Flow details (spec part 2 §2 drawer 7), declared in schemas/drawers/flow-details (read-only): the
 * summary — name, active indicator, first and last publish dates, REST API, method, status,
 * activate/deactivate — and the history of versions with inspect,
 * duplicate and delete (§4: duplicate blocked while a draft exists; only drafts are deleted; the drawer
 * closes when the last version goes); 'keep call data' (issue 32 point 3), set at once with Publish.
 * Below, the executions log (issue 17 point 6, issue 32 point 3) and the flow's change history from the audit trail (issue 10
 * point 7): who created, saved, published, deleted, activated or deactivated which version, with the diff.
 */
export function FlowDetailsDrawer(props: { drawerKey: string; guid: string }) {
  const flow = useQuery(flowQuery(props.guid));
  const client = useQueryClient();
  const can = useCan();
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const drawers = useDrawers();
  const navigate = useNavigate();
  const executionsLog = useExecutionsLog();
  if (flow.isPending) return <span className="spinner" role="status" aria-label="Loading" />;
  if (flow.error || !flow.data)
    return (
      <p className="empty-state" role="alert">
        {flow.error ? failureNotice(flow.error, { notFoundKey: 'error.loadFlow' }).text : t('error.loadFlow')}
      </p>
    );
  const data = flow.data;
  const versions = data.Versions ?? [];
  const special = isSpecialFlow(data);
  const canUpsert = can('FlowBuilder', 'Upsert') && (!special || can('FlowBuilder', 'UpsertSpecialFlow'));
  const canDelete = can('FlowBuilder', 'Delete') && (!special || can('FlowBuilder', 'DeleteSpecialFlow'));
  const canPublish = can('FlowBuilder', 'Publish');
  const live = versions.some((version) => version.IsPublished && !version.Archived);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: flowKeys.all }),
      client.invalidateQueries({ queryKey: itemHistoryKey('flow', data.Guid) }),
    ]);

  const toggle = async () => {
    const activate = !data.IsActive;
    const yes = await confirm({
      title: t(activate ? 'fb.activateTitle' : 'fb.deactivateTitle'),
      body: t(activate ? 'fb.activateBody' : 'fb.deactivateBody', { name: data.Name }),
      confirmText: activate ? 'Activate' : 'Deactivate',
      tone: activate ? 'default' : 'danger',
    });
    if (!yes) return;
    try {
      await setFlowStatus(data.Guid, activate);
      notify('success', t(activate ? 'fb.activated' : 'fb.deactivated'));
      await refresh();
    } catch {
      notify('danger', t('fb.flowStatusUpdate.error'));
    }
  };

  const duplicate = async (version: FlowVersion) => {
    if (versions.some((entry) => entry.Status === 'draft')) {
      await confirm({
        title: t('fb.duplicate.notPossible'),
        body: t('fb.duplicate.notPossibleBody'),
        confirmText: 'OK',
        cancelText: null,
      });
      return;
    }
    const yes = await confirm({
      title: t('fb.duplicateTitle'),
      body: t('fb.duplicateBody', { version: version.Version ?? '?', name: data.Name }),
      confirmText: 'Duplicate',
    });
    if (!yes) return;
    try {
      await duplicateVersion(data.Guid, version.VersionGuid);
      notify('success', t('fb.duplicated'));
      await refresh();
      navigate(`/flowbuilder/${encodeURIComponent(data.Guid)}`);
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async (version: FlowVersion) => {
    const yes = await confirm({
      title: t('fb.versionDeleteTitle'),
      body: t('fb.versionDeleteBody', { version: version.Version ?? '?', name: data.Name }),
      confirmText: 'Delete',
      tone: 'danger',
    });
    if (!yes) return;
    try {
      await deleteVersion(data.Guid, version.VersionGuid);
      notify('success', t('fb.versionDeleted'));
      if (versions.length === 1) {
        await drawers.close(props.drawerKey, { force: true });
        client.removeQueries({ queryKey: flowKeys.flow(data.Guid) });
        await client.invalidateQueries({ queryKey: flowKeys.list() });
        navigate('/flowbuilder');
        return;
      }
      await refresh();
      navigate(`/flowbuilder/${encodeURIComponent(data.Guid)}`);
    } catch {
      notify('danger', t('fb.flowDelete.error'));
    }
  };

  const keep = async (value: KeepCallData) => {
    try {
      await setKeepCallData(data.Guid, value);
      notify('success', t('fb.executions.keepSaved', { keep: keepCallDataLabel[value] }));
      await refresh();
    } catch {
      notify('danger', t('fb.executions.keepError'));
    }
  };

  const inspect = (version: FlowVersion) => {
    void drawers.close(props.drawerKey, { force: true });
    navigate(
      `/flowbuilder/${encodeURIComponent(data.Guid)}?version=${encodeURIComponent(version.VersionGuid)}`,
    );
  };
  const formContext: FlowDetailsContext & Record<string, unknown> = {
    toggle: canPublish && (live || data.IsActive) ? () => void toggle() : undefined,
    // What production keeps changes what production does: Publish, as activation (issue 32 point 3).
    setKeepCallData: canPublish ? (value) => void keep(value) : undefined,
    inspect,
    duplicate: canUpsert ? (version) => void duplicate(version) : undefined,
    remove: canDelete ? (version) => void remove(version) : undefined,
  };
  const value: DetailsValue = {
    Name: data.Name,
    IsActive: data.IsActive === true,
    KeepCallData: data.KeepCallData ?? 'onError',
    FirstPublished: data.FirstPublished ?? null,
    LastPublished: data.LastPublished ?? null,
    ApiName: data.ApiName ?? null,
    HttpMethod: data.HttpMethod,
    Status: data.Status ?? null,
    Versions: versions,
  };
  return (
    <DrawerForm<DetailsValue>
      // A summary follows the flow as it changes (activated, a version duplicated or deleted).
      key={JSON.stringify(value)}
      drawerKey={props.drawerKey}
      form={form}
      value={value}
      readOnly
      fields={formFields}
      formContext={formContext}
      onSave={async () => false}
      notes={() => (
        <>
          <FlowExecutions
            guid={data.Guid}
            state={executionsLog}
            onOpen={(execution) => {
              void drawers.close(props.drawerKey, { force: true });
              navigate(executionPath(data.Guid, execution.Id));
            }}
          />
          <ItemHistory kind="flow" guid={data.Guid} title={t('audit.changeHistory')} />
        </>
      )}
    />
  );
}
