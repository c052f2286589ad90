import { useCallback, useMemo } from 'react';
import type { AnyBuilder } from '../../engine/builder/BuilderDefinition';
import { DetailView } from '../../engine/detail/DetailView';
import { useLifecycle } from '../../engine/detail/useLifecycle';
import { useCan } from '../../permissions/useCan';
import type { FieldError } from '../../validation/fieldErrors';
import { canEditItem, type DocumentArea } from './itemAccess';
import type { ScopedItem } from './ScopedItemDetail';

/** What a builder's custom fields read from the form context, besides the builder's own data. */
export interface BuilderFormBase<T> {
  /** The draft as the editor holds it (custom fields edit whole subtrees of it). */
  draft: T;
  readOnly: boolean;
  /** Replaces the whole draft (moves and tree edits that RJSF's per-field onChange cannot say). */
  replace(next: T): void;
}

/**
 * The detail of a connection-scoped item (document, action, composed document): permission, lifecycle
 * and DetailView wired once. A builder gives its graph rules, how a stored item is prepared for editing,
 * how each edit is normalised, and its form context built from the draft.
 */
export function BuilderDetail<T extends object>({
  builder,
  area,
  item,
  rules,
  prepare,
  normalize,
  formContext,
}: {
  builder: AnyBuilder;
  area: DocumentArea;
  item: ScopedItem;
  rules: (item: T) => FieldError[];
  prepare?: (stored: T) => T;
  normalize?: (next: T) => T;
  formContext: (base: BuilderFormBase<T>) => object;
}) {
  const can = useCan();
  const original = useMemo(
    () => (item.original ? (prepare ? prepare(item.original as T) : (item.original as T)) : null),
    [item.original, prepare],
  );
  const canEdit = canEditItem(
    can,
    area,
    (original as { IsPublished?: boolean } | null)?.IsPublished === true,
  );
  const declared = useMemo(
    () => ({ ...builder, rules: rules as (item: object) => FieldError[] }),
    [builder, rules],
  );
  const scope = useMemo(() => ({ connection: item.connection }), [item.connection]);
  const initial = useMemo(() => original ?? (builder.create(scope) as T), [original, builder, scope]);
  const lifecycle = useLifecycle<object>({
    builder: declared,
    original,
    initial,
    scope,
    context: item.context,
    canEdit,
    canPublish: canEdit,
    onDone: item.onClose,
  });
  const { setDraft } = lifecycle;
  const edit = useCallback(
    (next: object) => setDraft(normalize ? normalize(next as T) : next),
    [setDraft, normalize],
  );
  return (
    <DetailView
      builder={declared}
      lifecycle={normalize ? { ...lifecycle, setDraft: edit } : lifecycle}
      canEdit={canEdit}
      onClose={item.onClose}
      formContext={{ ...formContext({ draft: lifecycle.draft as T, readOnly: !canEdit, replace: edit }) }}
    />
  );
}
