-- The executions log of the flow runtime (issue 17 point 6): one row per production call of a flow under
-- /rest/<REST API>/<flow>, never a token or a body. Kept EXECUTION_RETENTION_DAYS days (server/runtime/
-- executions.ts sweeps older rows). No foreign keys: a call stays logged after its flow or user is gone.
create table flow_executions (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  flow_guid uuid not null,
  version_guid uuid,
  version integer,
  api_guid uuid,
  api_user_guid uuid,
  api_user_name text,
  http_method text not null,
  status integer not null,
  duration_ms real not null,
  error_block uuid,
  error_code text,
  message text
);
-- One index: the log is written far more often than it is read; the hourly retention sweep may scan.
create index flow_executions_flow on flow_executions (flow_guid, at desc);
