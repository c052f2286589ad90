-- The connection whose system failed a flow call (issue 30 point 6), beside error_block; null on the
-- rows that did not fail that way, which the batch insert leaves out.
alter table flow_executions add column error_connection text;
-- The gids of prepared transactions on other connections that a call decided to commit, written in the
-- call's own transaction (server/runtime/callTransactions.ts). A pool that finds one of this server's
-- prepared transactions stale commits it when its gid is here and rolls it back otherwise.
create table flow_prepared_commits (
  gid text primary key,
  connection text not null,
  at timestamptz not null default now()
);
