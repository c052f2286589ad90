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
DIR="$(mktemp -d /tmp/uiservices-pg.XXXXXX)"
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; fi
as_postgres "$PGBIN/initdb" -D "$DIR/data" -U postgres --auth=trust --no-sync >"$DIR/initdb.log" 2>&1
as_postgres "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
