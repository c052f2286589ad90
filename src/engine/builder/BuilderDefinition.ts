import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { OperationId } from '../../api/callOperation';
import type { Peer } from '../../domain/rules/names';
import type { MessageKey } from '../../messages/en';
import type { Action, Area } from '../../permissions/areas';
import type { FieldError } from '../../validation/fieldErrors';
import type { FormDefinition } from '../form/formDefinition';
import type { ColumnSpec } from '../list/columns';

/**
 * One builder, declared: what it lists, edits and calls, and who may do what. The generic page
 * (BuilderPage) assembles list, detail, validation and life cycle from it, so a plain entity needs a
 * schema, a UI schema, its operations in the contract and one of these.
 */
export interface BuilderDefinition<T extends object> {
  /** Route of the builder, e.g. '/scriptbuilder' (spec part 1 §2). */
  route: string;
  title: string;
  /** The item in texts: 'script', 'connection'. */
  item: string;
  /** Permission area (spec part 1 §6); `deleteArea` when delete has its own (ScriptDelete). */
  area: Area;
  deleteArea?: Area;
  /** The action delete needs, when it is not 'Delete' (REST APIs: DeleteRestApi, spec part 1 §6). */
  deleteAction?: Action;
  form: FormDefinition;
  /** Calls by operationId. Path parameters {guid} and {connection} are filled by convention. */
  operations: { list: OperationId; get: OperationId; save: OperationId; remove?: OperationId };
  /**
   * 'server': the list operation searches, sorts and pages (its paging parameters and X-Total-Count,
   * see Connection.GetConnections), so a list of 10,000 items loads one page; each column then names
   * the wire `field` it sorts by. Default: the whole list is loaded and paged in the browser.
   */
  paging?: 'server';
  /**
   * With `paging: 'server'`: the wire fields the list operation's search looks in and the field its
   * sorts break ties by, as the server has them. Declared, the list loads the whole list once the first
   * page says it holds at most LOCAL_LIST_LIMIT items, and from then on searches, sorts and pages it in
   * the browser exactly as the server would (src/engine/list/localPages.ts), so a search or a sort
   * paints within a frame (issue 20 point 2) instead of waiting for a call.
   */
  localPaging?: { searchFields: readonly string[]; nameField: string };
  /** Lists and items belong to a connection (methods, documents). */
  scopedByConnection?: boolean;
  columns: ColumnSpec<T>[];
  id(item: T): string;
  name(item: T): string;
  /** A new item with a fresh guid (spec part 1 §4: create makes a new item, marked modified). */
  create(scope: { connection?: string }): T;
  /** The x-unique-among list this builder's items are checked against (its own list). */
  peersList?: string;
  toPeer?(item: T): Peer;
  /**
   * Rules the schema cannot say (graph rules), as pure functions; `original` is the item as stored (null
   * for a new one), for rules about what changed (a masked secret whose target changed, issue 29 point 1).
   */
  rules?(item: T, original: T | null): FieldError[];
  /**
   * Checks that need the server (a compile check, lists the server offers), run by the validation run
   * after the schema and the rules (spec part 1 §5 'Script': the code is sent for a compile check). A
   * check that cannot run rejects, and the run reports it rather than passing silently.
   */
  checks?(item: T): Promise<FieldError[]>;
  /** Publish needs prior validation (spec part 1 §4); false for entities without a published state. */
  publishable: boolean;
  /** Save only while unpublished (spec part 1 §4: metadata documents, methods and scripts). */
  saveOnlyWhenUnpublished?: boolean;
  fields?: RegistryFieldsType;
  /** Shared with the detail form's custom fields, e.g. `fieldDrawers`, the drawers a field list opens. */
  formContext?: Record<string, unknown>;
  /** Widgets that replace the theme's for this builder only (e.g. a highlighting code editor). */
  widgets?: RegistryWidgetsType;
  messages?: { deleteError?: MessageKey; notFound?: MessageKey };
  /** A failed delete is only logged, not shown (spec part 1 §8: methods; part 2 §8: composed and action documents). */
  logDeleteFailure?: boolean;
  /** Where an error is, in the validation panel's words (e.g. the dotted name of a nested field). */
  describeError?(item: T, error: FieldError): string | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds builders of any item type
export type AnyBuilder = BuilderDefinition<any>;
