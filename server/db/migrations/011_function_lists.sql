-- Function lists (spec part 1 §7 'Shared lookups': FlowBase/GetFunctionLists, optionally with a connection;
-- GetFunctionListMetaByGuid returns name and fields). Fields: [{Name, Type, Validation: {Required, Max}}].
-- Demo content comes from server/seed/demo/021_function_lists.ts.
create table function_lists (
  guid uuid primary key,
  name text not null,
  conn_guid uuid,
  description text,
  fields jsonb not null default '[]'::jsonb
);
create unique index function_lists_name_ci on function_lists (coalesce(conn_guid, '00000000-0000-0000-0000-000000000000'::uuid), lower(name));
