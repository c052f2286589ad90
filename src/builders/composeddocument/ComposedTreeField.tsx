import type { FieldProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { joinOf, referencingDocuments, updateChildAt } from '../../domain/composedDocuments/tree';
import type { ComposedChild, ComposedRoot } from '../../domain/composedDocuments/types';
import { methodsFor } from '../../domain/documents/actionMethods';
import type { Document } from '../../domain/documents/types';
import { JsonPreview } from '../../engine/drawers/JsonPreview';
import { useDrawers } from '../../engine/drawers/useDrawers';
import { t } from '../../messages/t';
import { errorsIn } from '../documentbuilder/errorsIn';
import { composedFormContext } from './composedFormContext';
import { composedPreview } from './preview';

const PREVIEW = 'composed-preview';

interface Cell {
  id: string;
  label: string;
  errors: string[];
  children: ReactNode;
}

/** One labelled input of the tree with its errors, as the form's fields look. */
function TreeCell({ id, label, errors, children }: Cell) {
  return (
    <div className={`field${errors.length > 0 ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {errors.length > 0 && (
        <p className="field__error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

function Select(props: {
  id: string;
  value: string | null | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled: boolean;
  invalid: boolean;
  onChange(value: string | null): void;
}) {
  const known = !props.value || props.options.some((option) => option.value === props.value);
  return (
    <select
      id={props.id}
      className="field__select"
      value={props.value ?? ''}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      onChange={(event) => props.onChange(event.target.value || null)}
    >
      <option value="">{t('chooseValue')}</option>
      {!known && <option value={props.value ?? ''}>{props.value} (unknown)</option>}
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

const fieldOptions = (document: Document | undefined) =>
  (document?.Elements ?? []).map((field) => ({ value: field.Name, label: `${field.Name} (${field.Type})` }));

/**
 * The composed document's documents (spec part 2 §2 'Composed Document builder', §3): the root document
 * and its method, then child documents with child name, document, method, key field (of the parent) and
 * child field (of the child), nesting as deep as needed. A child is offered among the documents that
 * reference its parent, and picking one fills the join from that reference. The JSON preview opens in a
 * drawer (drawer 13).
 */
export function ComposedTreeField(props: FieldProps<ComposedRoot>) {
  const { onChange, fieldPathId, errorSchema, disabled, readonly } = props;
  const root: ComposedRoot = props.formData ?? { Childs: [] };
  const context = composedFormContext(props.registry.formContext);
  const editable = !(disabled || readonly || context.readOnly);
  const drawers = useDrawers();
  const methods = methodsFor(context.composed.IsRead === true).map((method) => ({
    value: method.key,
    label: method.label,
  }));
  const documentOf = (guid: string | null | undefined) =>
    context.documents.find((document) => document.Guid === guid);
  const change = (next: ComposedRoot) => onChange(next, fieldPathId.path);
  const id = (...path: Array<string | number>) => [fieldPathId.$id, ...path].join('_');

  const setChildren = (children: ComposedChild[]) => change({ ...root, Childs: children });
  const newChild = (): ComposedChild => ({
    ChildName: '',
    Name: null,
    Guid: null,
    Method: null,
    KeyField: null,
    ChildField: null,
    Childs: [],
  });

  const renderChildren = (
    children: readonly ComposedChild[],
    parentPath: number[],
    parent: Document | undefined,
    parentGuid: string | null | undefined,
  ) => {
    const candidates = referencingDocuments(context.documents, parentGuid);
    const offered = (candidates.length > 0 ? candidates : context.documents).map((document) => ({
      value: document.Guid,
      label: document.Name,
    }));
    return children.map((child, index) => {
      const path = [...parentPath, index];
      const errorPath = path.flatMap((position) => ['Childs', position]);
      const errors = (part: string) => errorsIn(errorSchema, ...errorPath, part);
      const childDocument = documentOf(child.Guid);
      const update = (patch: Partial<ComposedChild>) =>
        setChildren(updateChildAt(root.Childs ?? [], path, (current) => ({ ...current, ...patch })));
      const nodeErrors = ['ChildName', 'Guid', 'Method', 'KeyField', 'ChildField'].some(
        (part) => errors(part).length > 0,
      );
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: children have no identity but their position
        <div key={index} className="doc-tree__branch" data-child={child.ChildName ?? ''}>
          <div className={`doc-tree__node${nodeErrors ? ' doc-tree__node--invalid' : ''}`}>
            <TreeCell id={id(...errorPath, 'ChildName')} label="Child name" errors={errors('ChildName')}>
              <input
                id={id(...errorPath, 'ChildName')}
                className="field__input"
                value={child.ChildName ?? ''}
                disabled={!editable}
                onChange={(event) => update({ ChildName: event.target.value })}
              />
            </TreeCell>
            <TreeCell id={id(...errorPath, 'Guid')} label="Document" errors={errors('Guid')}>
              <Select
                id={id(...errorPath, 'Guid')}
                value={child.Guid}
                options={offered}
                disabled={!editable}
                invalid={errors('Guid').length > 0}
                onChange={(guid) => {
                  const picked = documentOf(guid);
                  update({
                    Guid: guid,
                    Name: picked?.Name ?? null,
                    ...(picked && parentGuid
                      ? joinOf(picked, parentGuid)
                      : { ChildField: null, KeyField: null }),
                    ChildName: child.ChildName || picked?.Name || '',
                  });
                }}
              />
            </TreeCell>
            <TreeCell id={id(...errorPath, 'Method')} label={t('cd.tree.method')} errors={errors('Method')}>
              <Select
                id={id(...errorPath, 'Method')}
                value={child.Method}
                options={methods}
                disabled={!editable}
                invalid={errors('Method').length > 0}
                onChange={(method) => update({ Method: method })}
              />
            </TreeCell>
            <TreeCell id={id(...errorPath, 'KeyField')} label="Key field" errors={errors('KeyField')}>
              <Select
                id={id(...errorPath, 'KeyField')}
                value={child.KeyField}
                options={fieldOptions(parent)}
                disabled={!editable}
                invalid={errors('KeyField').length > 0}
                onChange={(name) => update({ KeyField: name })}
              />
            </TreeCell>
            <TreeCell id={id(...errorPath, 'ChildField')} label="Child field" errors={errors('ChildField')}>
              <Select
                id={id(...errorPath, 'ChildField')}
                value={child.ChildField}
                options={fieldOptions(childDocument)}
                disabled={!editable}
                invalid={errors('ChildField').length > 0}
                onChange={(name) => update({ ChildField: name })}
              />
            </TreeCell>
            {editable && (
              <div className="doc-tree__actions">
                <button
                  type="button"
                  className="button button--small"
                  disabled={!child.Guid}
                  onClick={() => update({ Childs: [...(child.Childs ?? []), newChild()] })}
                >
                  {t('cd.tree.addChild')}
                </button>
                <button
                  type="button"
                  className="button button--small button--danger-outline"
                  aria-label={`Delete child ${child.ChildName ?? ''}`}
                  onClick={() => setChildren(updateChildAt(root.Childs ?? [], path, () => null))}
                >
                  delete
                </button>
              </div>
            )}
          </div>
          {(child.Childs ?? []).length > 0 && (
            <div className="doc-tree__children">
              {renderChildren(child.Childs ?? [], path, childDocument, child.Guid)}
            </div>
          )}
        </div>
      );
    });
  };

  const rootDocument = documentOf(root.Guid);
  const rootErrors = (part: string) => errorsIn(errorSchema, part);
  return (
    <section className="doc-table" aria-label={t('cd.tree.title')}>
      <header className="doc-table__header">
        <h3 className="form-section__title">{t('cd.tree.title')}</h3>
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            drawers.open({
              key: PREVIEW,
              title: t('cd.previewTitle'),
              size: 'wide',
              content: (
                <JsonPreview
                  json={composedPreview(context.composed, context.documents)}
                  label={t('cd.previewTitle')}
                />
              ),
            })
          }
        >
          {t('cd.preview')}
        </button>
      </header>
      <div
        className={`doc-tree__node${rootErrors('Guid').length + rootErrors('Method').length > 0 ? ' doc-tree__node--invalid' : ''}`}
      >
        <TreeCell id={id('Guid')} label={t('cd.tree.root')} errors={rootErrors('Guid')}>
          <Select
            id={id('Guid')}
            value={root.Guid}
            options={context.documents.map((document) => ({ value: document.Guid, label: document.Name }))}
            disabled={!editable}
            invalid={rootErrors('Guid').length > 0}
            onChange={(guid) =>
              change({
                ...root,
                Guid: guid,
                Name: documentOf(guid)?.Name ?? null,
                Childs: guid === root.Guid ? root.Childs : [],
              })
            }
          />
        </TreeCell>
        <TreeCell id={id('Method')} label={t('cd.tree.method')} errors={rootErrors('Method')}>
          <Select
            id={id('Method')}
            value={root.Method}
            options={methods}
            disabled={!editable}
            invalid={rootErrors('Method').length > 0}
            onChange={(method) => change({ ...root, Method: method })}
          />
        </TreeCell>
      </div>
      <section className="doc-tree__children" aria-label={t('cd.tree.children')}>
        {renderChildren(root.Childs ?? [], [], rootDocument, root.Guid)}
        {rootErrors('Childs').length > 0 && (
          <p className="field__error" role="alert">
            {rootErrors('Childs').join(' ')}
          </p>
        )}
        {editable && (
          <div>
            <button
              type="button"
              className="button button--small"
              disabled={!root.Guid}
              onClick={() => setChildren([...(root.Childs ?? []), newChild()])}
            >
              {t('cd.tree.addChild')}
            </button>
            {root.Guid && referencingDocuments(context.documents, root.Guid).length === 0 && (
              <span className="help-block"> {t('cd.tree.noCandidates')}</span>
            )}
          </div>
        )}
      </section>
    </section>
  );
}
