import { type FieldProps, getUiOptions, type UiSchema } from '@rjsf/utils';
import { useCallback, useMemo, useRef } from 'react';
import {
  type Address,
  addField,
  type FieldRecord,
  type FieldRow,
  fieldAt,
  moveField,
  removeField,
  siblingNames,
  treeRows,
  updateField,
} from '../../../domain/fields/fieldTree';
import { t } from '../../../messages/t';
import { useConfirm } from '../../../shell/dialogs/confirm';
import { useDrawers } from '../../drawers/useDrawers';
import { useHeldValues } from '../heldValues';
import { errorAddresses } from './errorAddresses';
import { FieldListTable, type FieldRowActions } from './FieldListTable';
import { fieldDrawerOf } from './fieldDrawer';
import { type FieldListOptions, fieldListOptions } from './fieldListOptions';
import { useStableValue } from './useStableValue';
import './FieldListField.css';

const EMPTY: FieldRecord[] = [];

/** The options, the same object while the UI schema says the same (derived UI schemas are rebuilt often). */
function useListOptions(uiSchema: UiSchema | undefined): FieldListOptions {
  const raw = getUiOptions(uiSchema);
  const key = JSON.stringify(raw);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are rebuilt when their content changes
  return useMemo(() => fieldListOptions(raw), [key]);
}

/**
 * A nested field list as an RJSF field (`"ui:field": "fieldList"`): the fields as a tree of dotted names
 * (spec part 1 §3), with add field, add child (for the types in `parentTypes`), move up and down and
 * remove; a row opens the one-field drawer named by `ui:options.drawer`, taken from
 * `formContext.fieldDrawers`. New fields are added when their drawer saves, so a name is held until valid
 * (spec part 2 §4 'Field editor'). Read-only forms open the drawer read-only and offer no changes.
 *
 * @example "Elements": { "ui:field": "fieldList", "ui:options": { "drawer": "metadataField",
 *   "parentTypes": ["Array", "Object", "BasicTypeArray"], "representation": "nested" } }
 */
export function FieldListField(props: FieldProps) {
  const options = useListOptions(props.uiSchema);
  const { shape } = options;
  // A top-level list marked opaque lives outside RJSF's data (SchemaForm holds it); otherwise in formData.
  const held = useHeldValues();
  const path = props.fieldPathId.path;
  const heldName = held && path.length === 1 && held.names.includes(String(path[0])) ? String(path[0]) : null;
  const raw = heldName ? held?.values[heldName] : props.formData;
  const list = useStableValue((raw as FieldRecord[] | undefined) ?? EMPTY);
  const rows = useMemo(() => treeRows(list, shape), [list, shape]);
  const readOnly = Boolean(props.readonly || props.disabled);
  const Drawer = fieldDrawerOf(props.registry.formContext, options.drawer);
  const drawers = useDrawers();
  const confirm = useConfirm();
  const baseId = props.fieldPathId.$id;

  // Row actions stay the same functions for the life of the list, reading the latest value through a ref,
  // so the memoized rows do not re-render when only a callback would have changed.
  const latest = useRef({ list, props, Drawer, drawers, confirm, readOnly, options, held, heldName });
  latest.current = { list, props, Drawer, drawers, confirm, readOnly, options, held, heldName };

  const actions = useMemo<FieldRowActions & { create(parent: FieldRow | null): void }>(() => {
    const change = (next: FieldRecord[]) => {
      const { held, heldName, props } = latest.current;
      if (held && heldName) held.set(heldName, next);
      else props.onChange(next, props.fieldPathId.path);
    };
    const openDrawer = (row: FieldRow | null, parent: FieldRow | null) => {
      const { list, Drawer, drawers, readOnly, options } = latest.current;
      const { shape } = options;
      const key = `fieldList:${baseId}:${row ? row.key : `new:${parent?.key ?? ''}`}`;
      const parentAddress: Address | null = row
        ? row.address.length > 1
          ? row.address.slice(0, -1)
          : null
        : (parent?.address ?? null);
      const parentName = row ? row.parentName : (parent?.name ?? null);
      const field = row ? (fieldAt(list, shape, row.address) ?? row.field) : { ...options.newField };
      const onSave = (next: FieldRecord) => {
        const current = latest.current.list;
        change(
          row
            ? updateField(current, shape, row.address, next)
            : addField(current, shape, parent?.address ?? null, next),
        );
        return true;
      };
      const title = row
        ? t('fieldList.drawerTitle', { item: capitalise(options.itemLabel), name: row.name })
        : parentName
          ? t('fieldList.newChildTitle', { item: options.itemLabel, parent: parentName })
          : t('fieldList.newTitle', { item: capitalise(options.itemLabel) });
      drawers.open({
        key,
        title,
        content: (
          <Drawer
            drawerKey={key}
            field={field}
            isNew={!row}
            parentName={parentName}
            siblingNames={
              shape.representation === 'flat' && !row
                ? siblingNames(list, shape, null, parent?.address ?? null)
                : siblingNames(list, shape, row?.address ?? null, parentAddress)
            }
            hasChildren={(row?.childCount ?? 0) > 0}
            parentTypes={options.parentTypes}
            readOnly={readOnly}
            options={options.drawerOptions}
            onSave={onSave}
          />
        ),
      });
    };
    return {
      open: (row) => openDrawer(row, null),
      create: (parent) => openDrawer(null, parent),
      addChild: (row) => openDrawer(null, row),
      move: (row, delta) =>
        change(moveField(latest.current.list, latest.current.options.shape, row.address, delta)),
      async remove(row) {
        if (row.childCount > 0) {
          const yes = await latest.current.confirm({
            title: t('fieldList.removeTitle', { name: row.name }),
            body: t('fieldList.removeBody', { name: row.name, count: row.childCount }),
            confirmText: t('fieldList.removeConfirm'),
            tone: 'danger',
          });
          if (!yes) return;
        }
        change(removeField(latest.current.list, latest.current.options.shape, row.address));
      },
    };
  }, [baseId]);

  const rowId = useCallback(
    (row: FieldRow) =>
      shape.representation === 'flat'
        ? `${baseId}_${row.address[0]}`
        : `${baseId}_${row.address.join(`_${shape.childrenField}_`)}`,
    [baseId, shape],
  );
  const parentTypes = options.parentTypes;
  const canHaveChildren = useCallback(
    (row: FieldRow) => parentTypes.includes(String(row.field[shape.typeField])),
    [parentTypes, shape],
  );
  const invalidKeys = errorAddresses(props.errorSchema, shape);
  const title = (props.uiSchema?.['ui:title'] as string | undefined) ?? props.schema.title ?? props.name;

  return (
    <div className="field-list" id={baseId}>
      <div className="field-list__header">
        <h3 className="form-section__title">{title}</h3>
        <span className="field-list__count">{t('fieldList.count', { count: rows.length })}</span>
      </div>
      <div className="field-list__frame">
        <FieldListTable
          rows={rows}
          columns={options.columns}
          rowId={rowId}
          canHaveChildren={canHaveChildren}
          invalidKeys={invalidKeys}
          readOnly={readOnly}
          actions={actions}
          label={title}
        />
      </div>
      {!readOnly && (
        <button type="button" className="button field-list__add" onClick={() => actions.create(null)}>
          {t('fieldList.add', { item: options.itemLabel })}
        </button>
      )}
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
