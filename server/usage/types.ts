import type { ItemKindName as UsageKindName } from '../../src/domain/itemKinds';

export type Body = Record<string, unknown>;
/** Any item kind can use others or be used (src/domain/itemKinds.ts: the builder items and flows). */
export type { UsageKindName as UsageKind };

/** A field of the used item that a user names: an input it fills, an output it reads, or either. */
export interface FieldUse {
  field: string;
  side: 'input' | 'output' | 'any';
}

/** The item a reference goes through (a flow reads a document's fields through a composed document). */
export interface Via {
  kind: UsageKindName;
  guid: string;
  name: string;
}

/** One reference from a stored version of an item to another item, by guid or (metadata) by name. */
export interface Ref {
  kind: UsageKindName;
  guid?: string;
  name?: string;
  /** The fields of the referred item this version uses, for the field checks of a publish. */
  fields?: readonly FieldUse[];
  via?: Via;
}

/** A field as far as the checks need it. */
export interface NamedField {
  Name: string;
  Type?: string | null | undefined;
}

/**
 * An item that may use others, with both of its stored versions: `draft` is the current body (for a
 * flow, its draft version), `published` the body as last published (a flow's current published version),
 * null where there is none. A flow's body is its row's fields (Name, HttpMethod, Api) with `Flow`, the graph.
 */
export interface UsageItem {
  kind: UsageKindName;
  guid: string;
  name: string;
  scope: string | null;
  draft: Body | null;
  published: Body | null;
  /** A flow's version guids, for links to the version that uses the item. */
  versions?: { draft?: string | undefined; published?: string | undefined };
}

/** The published body of an item, for references that go through another item (a composed document's root). */
export type Lookup = (kind: UsageKindName, guid: string) => Body | undefined;

/** How one kind takes part in 'where used' (server/usage/usageRules.ts holds one per kind). */
export interface KindUsage {
  /**
   * The kinds this kind's items can refer to, besides the connection a scoped item belongs to: a check
   * loads only items that could use the target.
   */
  uses: readonly UsageKindName[];
  /** What a stored version of an item of this kind refers to. */
  refs?(body: Body, lookup: Lookup): Ref[];
  /** The fields others may use, by side; absent for kinds used only as a whole. */
  fields?(body: Body, side: FieldUse['side'], lookup: Lookup): readonly NamedField[] | undefined;
  /** Others refer to it by its name (metadata documents), so renaming it breaks them. */
  byName?: boolean;
  /** Kinds whose published items `fields` looks up (a composed document answers its root document's fields). */
  fieldsFrom?: readonly UsageKindName[];
}

/** An item that uses the target, and which of its versions does. */
export interface Usage {
  item: UsageItem;
  state: 'published' | 'draft';
  via?: Via | undefined;
}

/** A published item a change would break, and why (a catalogue key with its params). */
export interface Break {
  item: UsageItem;
  via?: Via | undefined;
  reason:
    | 'impact.reason.deleted'
    | 'impact.reason.fieldRemoved'
    | 'impact.reason.fieldRetyped'
    | 'impact.reason.renamed';
  params: Record<string, string>;
}
