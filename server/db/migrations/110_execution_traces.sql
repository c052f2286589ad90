-- Each flow call's W3C trace id (issue 32 point 2), the same as in its answer's traceparent and in its
-- log lines, so one call can be followed from the executions log to the log and to its spans. Null for
-- calls logged before. No index: the log is written far more often than it is read.
alter table flow_executions add column trace_id text;
