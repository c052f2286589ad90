-- The error block as the flow names it. A block's Guid is whatever the flow saved (the console makes
-- uuids; an imported or hand-written flow may not), and as a uuid column one that was not lost the whole
-- batch of calls it was written with (server/runtime/executions.ts).
alter table flow_executions alter column error_block type text using error_block::text;
