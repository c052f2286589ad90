-- The audit trail (issue 10 point 7): who created, saved, published or deleted an item, or changed a
-- role's permissions or a user's roles, when, and what changed (a field-by-field diff, src/engine/diff).
create table audit_entries (
  id bigserial primary key,
  at timestamptz not null,
  actor text,
  action text not null,
  -- An item kind of src/permissions/itemKinds.ts, or 'role' / 'user'.
  kind text not null,
  guid text not null,
  name text not null default '',
  -- The connection of a scoped item (methods, documents), else null.
  scope uuid,
  changes jsonb not null default '[]'
);
create index audit_entries_at on audit_entries (at desc, id desc);
create index audit_entries_item on audit_entries (kind, guid, at desc);
