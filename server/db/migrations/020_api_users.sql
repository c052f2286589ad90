-- API users (spec part 1 §3 'API user'): accounts for machines, authenticated by their API token.
create table api_users (
  guid uuid primary key,
  username text not null,
  api_token uuid not null,
  is_active boolean not null default true,
  is_api_user boolean not null default true,
  revision integer not null default 1,
  created timestamptz not null default now(),
  created_by text,
  modified timestamptz not null default now(),
  modified_by text,
  is_deleted boolean not null default false,
  deleted timestamptz
);
-- Usernames are unique ignoring case among API users not deleted (spec part 1 §5 'API user').
create unique index api_users_username_ci on api_users (lower(username)) where not is_deleted;
-- A token names one API user; a renewed token replaces the old one, which then stops working.
create unique index api_users_token on api_users (api_token);

create table api_user_roles (
  api_user_guid uuid not null references api_users (guid) on delete cascade,
  role_guid integer not null references roles (guid) on delete cascade,
  primary key (api_user_guid, role_guid)
);

-- What a REST API may answer and how its callers authenticate (RestApi/getApiReturnType,
-- RestApi/GetApiAuthentication). Platform lists, so they live with the schema, not the demo data.
insert into lists (name, guid, kind, items) values
  ('ApiReturnTypes', '0b5f3c1e-2a4d-4e8f-9c61-7d2e3f4a5b01', 'list',
   '[{"Key":"Json","Value":"JSON"},{"Key":"Xml","Value":"XML"},{"Key":"Text","Value":"Plain text"},{"Key":"File","Value":"File"}]'),
  ('ApiAuthentications', '0b5f3c1e-2a4d-4e8f-9c61-7d2e3f4a5b02', 'list',
   '[{"Key":"ApiToken","Value":"API token"},{"Key":"Basic","Value":"Basic authentication"},{"Key":"None","Value":"None (public)"}]')
on conflict (name) do nothing;
