import type { FieldProps } from '@rjsf/utils';
import { useMemo } from 'react';
import type { Action } from '../../domain/actionDocuments/types';
import { actionMethods } from '../../domain/documents/actionMethods';
import { JsonPreview } from '../../engine/drawers/JsonPreview';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { RowActions } from '../../engine/list/RowActions';
import { t } from '../../messages/t';
import { useConfirm } from '../../shell/dialogs/confirm';
import { ActionDetailsDrawer } from './ActionDetailsDrawer';
import { actionFormContext } from './actionFormContext';
import {
  addChildAction,
  descendantsOf,
  type FlatAction,
  flattenActions,
  nestActions,
  removeAction,
  replaceAction,
} from './flatActions';
import { actionDocumentPreview } from './preview';

const DETAILS = 'action-details';
const PREVIEW = 'action-preview';

/** The error texts of one action, not those of its children (which have their own rows). */
function ownErrors(errorSchema: unknown, key: string): string[] {
  let node = errorSchema as Record<string, unknown> | undefined;
  for (const position of key.split('.').slice(1))
    node = (node?.Childs as Record<string, unknown> | undefined)?.[position] as
      | Record<string, unknown>
      | undefined;
  const out: string[] = [];
  const walk = (value: unknown, top: boolean) => {
    if (!value || typeof value !== 'object') return;
    for (const [name, entry] of Object.entries(value)) {
      if (top && name === 'Childs') continue;
      if (name === '__errors') out.push(...(Array.isArray(entry) ? (entry as string[]) : []));
      else walk(entry, false);
    }
  };
  walk(node, true);
  return out;
}

const methodLabel = (entry: FlatAction) =>
  entry.action.Type === 'Method'
    ? '—'
    : (actionMethods.find((method) => method.key === entry.action.Method)?.label ?? '—');

/**
 * The actions of an action document as a tree (spec part 2 §2 'Action Document builder', §3): held flat
 * with level and parent while editing and re-nested for the document, each row opening the action details
 * drawer, a child added under any action, and deleting an action with children asking to delete them too
 * (spec part 2 §4). The JSON preview opens in a drawer (drawer 13).
 */
export function ActionTreeField(props: FieldProps<Action>) {
  const { onChange, fieldPathId, errorSchema, disabled, readonly } = props;
  const context = actionFormContext(props.registry.formContext);
  const editable = !(disabled || readonly || context.readOnly);
  const drawers = useDrawers();
  const confirm = useConfirm();
  const flat = useMemo(
    () => flattenActions(props.formData?.Guid || props.formData?.Type ? props.formData : undefined),
    [props.formData],
  );
  const commit = (next: FlatAction[]) => {
    const nested = nestActions(next);
    if (nested) onChange(nested, fieldPathId.path);
    else {
      // No root left: the document has no actions, and match rules on them go too.
      const { Action: _gone, ...rest } = context.document;
      context.replace({ ...rest, Rules: [] });
    }
  };

  const openDetails = (entry: FlatAction | null, parentKey: string | null) => {
    const parent = parentKey ? (flat.find((candidate) => candidate.key === parentKey) ?? null) : null;
    const siblings = flat.filter(
      (candidate) => candidate.parent === parentKey && candidate.key !== entry?.key,
    );
    const action: Omit<Action, 'Childs'> = entry?.action ?? {
      Type: 'Document',
      IsMandatory: false,
      IsUpdatable: true,
      Required: [],
      Sorting: [],
      ...(parentKey ? { Relation: { ChildName: '', ChildField: null, ParentField: null } } : {}),
    };
    drawers.open({
      key: DETAILS,
      title: entry
        ? `${t('ad.actions.details')}: ${entry.action.Name ?? ''}`
        : parentKey
          ? t('ad.actions.newChild')
          : t('ad.actions.chooseRoot'),
      content: (
        <ActionDetailsDrawer
          drawerKey={DETAILS}
          action={action}
          parent={parent?.action ?? null}
          siblingAliases={siblings.map((sibling) => sibling.action.Relation?.ChildName ?? '').filter(Boolean)}
          context={context}
          onSave={(saved) => {
            if (entry) commit(replaceAction(flat, entry.key, saved));
            else if (parentKey) commit(addChildAction(flat, parentKey, saved));
            else commit([{ key: '0', level: 0, parent: null, action: saved }]);
          }}
        />
      ),
    });
  };

  const remove = async (entry: FlatAction) => {
    const children = descendantsOf(flat, entry.key);
    const yes = await confirm(
      children.length > 0
        ? {
            title: t('ad.actions.deleteWithChildrenTitle'),
            body: t('ad.actions.deleteWithChildrenBody', {
              name: entry.action.Name ?? '',
              count: children.length,
            }),
            confirmText: 'Delete all',
            tone: 'danger',
          }
        : {
            title: t('ad.actions.deleteTitle'),
            body: t('ad.actions.deleteBody', { name: entry.action.Name ?? '' }),
            confirmText: 'Delete',
            tone: 'danger',
          },
    );
    if (yes) commit(removeAction(flat, entry.key));
  };

  return (
    <section className="doc-table" aria-label={t('ad.actions.title')}>
      <header className="doc-table__header">
        <h3 className="form-section__title">{t('ad.actions.title')}</h3>
        <span className="doc-tree__actions">
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              drawers.open({
                key: PREVIEW,
                title: t('ad.previewTitle'),
                size: 'wide',
                content: (
                  <JsonPreview
                    json={actionDocumentPreview(context.document, context)}
                    label={t('ad.previewTitle')}
                  />
                ),
              })
            }
          >
            {t('ad.preview')}
          </button>
          {editable && flat.length === 0 && (
            <button
              id={`${fieldPathId.$id}`}
              type="button"
              className="button button--small button--primary"
              onClick={() => openDetails(null, null)}
            >
              {t('ad.actions.chooseRoot')}
            </button>
          )}
        </span>
      </header>
      <div className="list__frame">
        <table className="list__table doc-table__table">
          <thead>
            <tr>
              <th scope="col">Action</th>
              <th scope="col">Type</th>
              <th scope="col">Alias</th>
              <th scope="col">Options</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {flat.length === 0 && (
              <tr>
                <td colSpan={5} className="list__state">
                  {t('ad.actions.empty')}
                </td>
              </tr>
            )}
            {flat.map((entry) => {
              const errors = ownErrors(errorSchema, entry.key);
              const path = entry.key
                .split('.')
                .slice(1)
                .flatMap((position) => ['Childs', position]);
              return (
                <tr
                  key={entry.key}
                  className={errors.length > 0 ? 'doc-table__row--invalid' : ''}
                  data-action={entry.action.Name ?? ''}
                >
                  <td>
                    <span
                      className="doc-tree__indent"
                      style={{ width: `${entry.level * 20}px` }}
                      aria-hidden="true"
                    />
                    {entry.level > 0 && <span aria-hidden="true">└ </span>}
                    <button
                      type="button"
                      id={[fieldPathId.$id, ...path, 'Guid'].join('_')}
                      className="list__open"
                      onClick={() => openDetails(entry, entry.parent)}
                    >
                      {entry.action.Name || '—'}
                    </button>
                    {errors.length > 0 && (
                      <span className="doc-table__errors" role="alert">
                        {errors.join(' ')}
                      </span>
                    )}
                  </td>
                  <td className="doc-table__nowrap">
                    {entry.action.Type ?? 'Document'}
                    {entry.action.Type !== 'Method' && (
                      <span className="list__muted"> · {methodLabel(entry)}</span>
                    )}
                  </td>
                  <td>{entry.action.Relation?.ChildName ?? ''}</td>
                  <td>
                    <span className="doc-table__options">
                      {entry.action.IsMandatory && <span className="badge badge--muted">mandatory</span>}
                      {entry.action.IsUpdatable && <span className="badge badge--muted">updatable</span>}
                    </span>
                  </td>
                  <RowActions
                    remove={
                      editable && {
                        ariaLabel: `Delete ${entry.action.Name ?? 'action'}`,
                        onClick: () => void remove(entry),
                      }
                    }
                  >
                    {editable && (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Add child to ${entry.action.Name ?? 'action'}`}
                        onClick={() => openDetails(null, entry.key)}
                      >
                        {t('ad.actions.addChild')}
                      </button>
                    )}
                  </RowActions>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
