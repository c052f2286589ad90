-- Kept call data as the text it was built as (issue 32 point 3's budget). The server builds it as JSON
-- once (server/runtime/callData.ts) and only ever shows it whole; as jsonb, PGlite parsed every byte of
-- it on the server's one thread and rebuilt it for the row, which cost more than a third of a kept
-- call. Read back, it is cast to json (server/runtime/executions.ts), so the calls answer what they did.
alter table flow_executions alter column data type text using data::text;
