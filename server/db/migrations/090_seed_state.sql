-- What the last completed seed ran with (server/seed/seedState.ts): a restart of the same build with the
-- same demo administrator finds it and skips the seed's few hundred statements (issue 20 point 4).
create table seed_state (
  id int primary key check (id = 1),
  fingerprint text not null,
  seeded_at timestamptz not null default now()
);
