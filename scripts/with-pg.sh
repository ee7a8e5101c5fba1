#!/usr/bin/env bash
# Runs a command with PG_TEST_URL pointing at a PostgreSQL server: DATABASE_URL when given, otherwise a
# throw-away cluster (Debian's postgresql, installed when missing) in a temp dir on a spare 127.0.0.1
# port, stopped and deleted at the end. initdb and postgres refuse root: they run as the postgres user.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${DATABASE_URL:-}" ]; then
  PG_TEST_URL="$DATABASE_URL" exec "$@"
fi
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "== installing postgresql (apt-get)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
as_pg=()
if [ "$(id -u)" = "0" ]; then as_pg=(runuser -u postgres --); fi
dir=$(mktemp -d /tmp/krw-pg-XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = "0" ] && chown postgres "$dir"
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
cleanup() {
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
"${as_pg[@]}" "$bindir/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
echo "== PostgreSQL on 127.0.0.1:$port (temporary cluster in $dir)"
PG_TEST_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
