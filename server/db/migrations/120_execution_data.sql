-- Executions with their data, retries and error flows (issue 32 points 3-5).
--
-- 'Keep call data' is the flow's, not a version's: an operator switches it while the flow runs (to catch
-- a failure that only production shows) without publishing a new version, as with is_active.
alter table flows
  add column keep_call_data text not null default 'onError'
    check (keep_call_data in ('never', 'onError', 'always'));

-- The kept data lives in the executions row itself: the batch insert stays one statement, and the
-- retention sweep (EXECUTION_RETENTION_DAYS) deletes it with its row. Null when nothing was kept; large
-- values go to TOAST, so listing pages, which never select it, do not read it.
--   data        {Input, Answer, Trace, Cut, Redacted}: redacted and capped (server/runtime/callData.ts)
--   retry_of    the execution this one retried (FlowBuilder.RetryRestMethodFlowExecution)
--   retried_by  the console user who asked for the retry
--   error_of    the failed execution whose REST API's error flow this run is
-- No foreign keys, as in 070: the sweep deletes old rows in any order.
alter table flow_executions
  add column data jsonb,
  add column retry_of bigint,
  add column retried_by text,
  add column error_of bigint;
