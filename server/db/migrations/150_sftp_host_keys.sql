-- The host key an SFTP connection's server showed at its first successful Test Connection (issue 30
-- point 4), pinned for the host and port it was taken from: every later connect of the connection checks
-- it. Kept beside the connection item, not in it: Test Connection pins without saving a new revision of
-- the item (an open Connection Builder would meet a stale-save 409) and without an audit entry; the
-- connection's deletion takes the pin with it. A pin taken for another host or port does not apply.
create table sftp_host_keys (
  kind text not null default 'connection' check (kind = 'connection'),
  connection_guid uuid not null,
  host text not null,
  port integer not null,
  -- OpenSSH's form: SHA256: and the unpadded base64 of the key blob's SHA-256 (what ssh-keygen -l shows).
  fingerprint text not null,
  pinned timestamptz not null default now(),
  primary key (connection_guid),
  foreign key (kind, connection_guid) references items (kind, guid) on delete cascade
);

-- Changing where the connection points (Host, Port) clears its pin, however it is saved: the Connection
-- Builder, an import, any process. The next successful Test Connection pins the new server's key; this is
-- also how an administrator accepts a key the server really changed (point elsewhere, save, point back).
create function sftp_host_keys_clear() returns trigger language plpgsql as $$
begin
  if new.kind = 'connection' and (
       lower(trim(coalesce(new.body #>> '{FlowCredential,Settings,Host}', '')))
         is distinct from lower(trim(coalesce(old.body #>> '{FlowCredential,Settings,Host}', '')))
    or coalesce(nullif(trim(new.body #>> '{FlowCredential,Settings,Port}'), ''), '22')
         is distinct from coalesce(nullif(trim(old.body #>> '{FlowCredential,Settings,Port}'), ''), '22')
  ) then
    delete from sftp_host_keys where connection_guid = new.guid;
  end if;
  return new;
end $$;

create trigger sftp_host_keys_clear after update of body on items
  for each row when (old.kind = 'connection') execute function sftp_host_keys_clear();
