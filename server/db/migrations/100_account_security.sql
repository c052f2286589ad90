-- Issue 29 point 2: an enrolled user's new e-mail address takes effect once that address confirms it;
-- until then it waits here, and the key mailed to it carries it.
alter table users add column pending_email text;

-- Issue 29 point 6: keys set a password (a reset, a welcome) or confirm an e-mail address; a newer or a
-- used key of one purpose ends the user's older keys of that purpose.
alter table reset_keys add column purpose text not null default 'password' check (purpose in ('password', 'email'));
alter table reset_keys add column email text;
create index reset_keys_open on reset_keys (user_guid, purpose) where used_at is null;
