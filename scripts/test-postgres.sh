#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on loopback for the server tests and prints its URL.
# Usage: export TEST_DATABASE_URL=$(scripts/test-postgres.sh)   (needs Debian's postgresql package)
set -euo pipefail
PORT="${TEST_PG_PORT:-54329}"
PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$PGBIN" ]; then
  echo "test-postgres: no PostgreSQL under /usr/lib/postgresql; install Debian's postgresql package" >&2
  exit 1
fi
URL="postgres://postgres@127.0.0.1:$PORT/postgres"
# A cluster already answering on the port is reused as it is (other test runs may be using it). The flows'
# two-phase commit (issue 30 point 2) needs max_prepared_transactions > 0: without it the tests of
# prepared transactions are skipped, saying so, and only the one-by-one commits are tested.
if "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
  PREPARED="$("$PGBIN/psql" "$URL" -Atc 'show max_prepared_transactions' 2>/dev/null || echo '?')"
  if [ "$PREPARED" = 0 ]; then
    echo "test-postgres: the cluster on port $PORT has max_prepared_transactions = 0; stop it (or pick another TEST_PG_PORT) so this script starts one with two-phase commit" >&2
  fi
  echo "$URL"
  exit 0
fi
DIR="$(mktemp -d /tmp/uiservices-pg.XXXXXX)"
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; fi
as_postgres "$PGBIN/initdb" -D "$DIR/data" -U postgres --auth=trust --no-sync >"$DIR/initdb.log" 2>&1
as_postgres "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c max_prepared_transactions=10" start >/dev/null
echo "$URL"
