import { useEffect, useMemo, useState } from 'react';
import { itemKindOfRoute } from '../../domain/itemKinds';
import { t } from '../../messages/t';
import { useUnsavedChanges } from '../../state/useUnsavedChanges';
import { afterNextPaint } from '../../ui/afterNextPaint';
import type { FieldError } from '../../validation/fieldErrors';
import type { AnyBuilder } from '../builder/BuilderDefinition';
import { ItemHistory } from '../diff/ItemHistory';
import { SchemaForm } from '../form/SchemaForm';
import { usePageIsTop, useShortcuts } from '../guards/shortcuts';
import { WhereUsed } from '../usage/WhereUsed';
import type { useLifecycle } from './useLifecycle';
import { ValidationPanel } from './ValidationPanel';

const statusLabel = {
  required: 'validation.required',
  running: 'validation.running',
  valid: 'validation.valid',
  invalid: 'validation.required',
} as const;

/** The detail of an item: its form, the validation panel and Validate / Save / Publish (spec part 1 §4). */
export function DetailView({
  builder,
  lifecycle,
  canEdit,
  onClose,
  formContext,
}: {
  builder: AnyBuilder;
  lifecycle: ReturnType<typeof useLifecycle<object>>;
  canEdit: boolean;
  onClose(): void;
  formContext?: Record<string, unknown>;
}) {
  const { draft, validation } = lifecycle;
  useUnsavedChanges(canEdit && lifecycle.modified && !lifecycle.busy);
  // Only what the user may do: the command palette lists these (issue 10 point 4).
  useShortcuts(
    usePageIsTop(),
    canEdit
      ? {
          save: () => void lifecycle.save(),
          ...(builder.publishable ? { publish: () => void lifecycle.publish() } : {}),
          validate: () => void validation.run(),
        }
      : {},
  );
  // The nearest element the error is about: the field itself, else its closest container with an id
  // (a row of a field list stands for the options inside its drawer).
  const focusField = (error: FieldError) => {
    const parts = error.path.split('/').slice(1);
    for (let length = parts.length; length >= 0; length--) {
      const target = document.getElementById(['root', ...parts.slice(0, length)].join('_'));
      if (target) {
        target.focus();
        return;
      }
    }
  };
  // What uses the item and its history sit below the form and ask the server on their own: they come
  // after the form's first frame, so a big form paints without their renders and calls (issue 20 point 3).
  const [belowForm, setBelowForm] = useState(false);
  useEffect(() => afterNextPaint(() => setBelowForm(true)), []);
  const name = builder.name(draft) || `New ${builder.item}`;
  const kind = itemKindOfRoute(builder.route);
  // Widgets see the run's errors with their params (a code editor marks the lines of compile errors).
  // The item's id too, for lookups that depend on it (LookupWidget's `$itemId`); it never changes while
  // the item is open, so it does not re-render the form.
  const itemId = builder.id(draft);
  const context = useMemo(
    () => ({ ...formContext, validationErrors: validation.errors, itemId }),
    [formContext, validation.errors, itemId],
  );
  return (
    <div className="detail">
      <header className="detail__header">
        <div>
          <button type="button" className="button button--link detail__back" onClick={onClose}>
            ‹ {builder.title}
          </button>
          <h1 className="detail__title">
            {name}
            {builder.publishable && (
              <span className={`badge ${lifecycle.published ? 'badge--published' : 'badge--draft'}`}>
                {lifecycle.published ? 'Published' : 'Draft'}
              </span>
            )}
            {!canEdit && <span className="badge badge--muted">Read only</span>}
          </h1>
        </div>
        {canEdit && (
          <div className="detail__actions">
            <button
              type="button"
              className={`button validate-button validate-button--${validation.status}`}
              onClick={() => void validation.run()}
              disabled={validation.status === 'running'}
              aria-keyshortcuts="Control+Shift+V"
            >
              {t(statusLabel[validation.status])}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void lifecycle.save()}
              disabled={!lifecycle.canSave}
              aria-keyshortcuts="Control+S"
            >
              Save
            </button>
            {builder.publishable && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void lifecycle.publish()}
                disabled={!lifecycle.canPublish}
                aria-keyshortcuts="Control+Shift+P"
              >
                Publish
              </button>
            )}
          </div>
        )}
      </header>
      <div className="detail__body">
        <div className="detail__form">
          <SchemaForm
            form={builder.form}
            value={draft}
            onChange={lifecycle.setDraft}
            errors={validation.errors}
            readOnly={!canEdit}
            fields={builder.fields}
            widgets={builder.widgets}
            formContext={context}
          />
          {/* What uses this item (issue 10 point 1), and who changed it and how (issue 10 point 7). */}
          {belowForm && kind && !lifecycle.isNew && (
            <WhereUsed kind={kind} guid={builder.id(draft)} item={builder.item} />
          )}
          {belowForm && kind && !lifecycle.isNew && <ItemHistory kind={kind} guid={builder.id(draft)} />}
        </div>
        {canEdit && (
          <aside className="detail__side">
            <ValidationPanel
              status={validation.status}
              errors={validation.errors}
              onRefresh={() => void validation.run()}
              onClear={validation.clear}
              onSelect={focusField}
              {...(builder.describeError
                ? { describe: (error: FieldError) => builder.describeError?.(draft, error) }
                : {})}
            />
          </aside>
        )}
      </div>
    </div>
  );
}
