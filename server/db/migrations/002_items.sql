-- Builder items with a draft and a published version (spec part 1 §4 'Item life cycle', part 2 §4):
-- connections, metadata documents, methods, REST APIs, scripts, documents, composed and action documents.
create table items (
  kind text not null,
  guid uuid not null,
  -- The connection an item belongs to (methods, documents), or null.
  scope uuid,
  name text not null,
  body jsonb not null,
  -- The body as last published, for diffs and impact checks.
  published jsonb,
  is_published boolean not null default false,
  revision integer not null default 1,
  created timestamptz not null default now(),
  created_by text,
  modified timestamptz not null default now(),
  modified_by text,
  primary key (kind, guid)
);
-- Names are unique per kind (and connection) ignoring case (spec part 1 §5, part 2 §5).
create unique index items_name_ci on items (kind, coalesce(scope, '00000000-0000-0000-0000-000000000000'::uuid), lower(name));
create index items_scope on items (kind, scope);
