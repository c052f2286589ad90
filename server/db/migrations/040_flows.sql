-- Flows, their versions with the block graph, and the demo external connectors and functions the flow
-- blocks call (spec part 2 §3 'Flow', 'Other'; §4 'Flow version status').
create table flows (
  guid uuid primary key,
  name text not null,
  http_method text not null check (http_method in ('POST', 'GET', 'PUT', 'DELETE')),
  api_guid uuid,
  is_script boolean not null default false,
  is_active boolean not null default false,
  description text,
  first_published timestamptz,
  last_published timestamptz,
  created timestamptz not null default now(),
  created_by text,
  modified timestamptz not null default now(),
  modified_by text
);
-- A flow is unique by name (ignoring case), method and REST API (spec part 2 §5 'Names').
create unique index flows_name_method_api
  on flows (lower(name), http_method, coalesce(api_guid, '00000000-0000-0000-0000-000000000000'::uuid));

create table flow_versions (
  version_guid uuid primary key,
  flow_guid uuid not null references flows (guid) on delete cascade,
  version integer not null,
  -- The flow's graph {Blocks, StartBlock, ResultBlock, Settings}.
  graph jsonb not null,
  is_published boolean not null default false,
  published timestamptz,
  -- Set when a newer version is published; archived takes precedence over every other status.
  archived timestamptz,
  revision integer not null default 1,
  created timestamptz not null default now(),
  created_by text,
  modified timestamptz not null default now(),
  modified_by text,
  unique (flow_guid, version)
);
-- One draft at most (spec part 2 §4 'Duplicate': blocked when a draft version already exists) and one
-- current published version at most.
create unique index flow_versions_one_draft on flow_versions (flow_guid) where not is_published and archived is null;
create unique index flow_versions_one_current on flow_versions (flow_guid) where is_published and archived is null;

-- External connector methods (spec part 2 §3 'Other'): guid, name, connection, input and output fields.
create table flow_external_connectors (
  guid uuid primary key,
  name text not null,
  conn_guid uuid,
  conn_name text,
  input jsonb not null default '[]'::jsonb,
  output jsonb not null default '[]'::jsonb
);

-- Functions usable as field defaults (spec part 2 §3 'Other'): input fields and an output type.
create table flow_functions (
  guid uuid primary key,
  name text not null,
  description text,
  conn_guid uuid,
  conn_name text,
  input jsonb not null default '[]'::jsonb,
  output_type text not null
);
