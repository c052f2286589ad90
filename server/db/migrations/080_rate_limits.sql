-- Calls counted per key in windows (issue 18 point 2): an address on the account calls, an API user (or an
-- address) on the flow runtime. Every server process on the database adds its calls here every 100 ms and
-- reads the total back (server/http/rateCounts.ts), so a limit holds across processes. Times are
-- milliseconds since the epoch, as the processes count them; rows of ended windows are swept.
create table rate_limits (
  key text primary key,
  resets_at bigint not null,
  hits integer not null
);
