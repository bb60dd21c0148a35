#!/usr/bin/env bash
# Runs a command with DATABASE_URL through PgBouncer in transaction mode and
# DATABASE_DIRECT_URL straight at PostgreSQL, as a deployment behind a pooler runs.
#
#   scripts/pgbouncer-test.sh                 the live-path test files (what .ci/run does)
#   scripts/pgbouncer-test.sh npx vitest run apps/server/src/...   any command
#
# PostgreSQL is DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Debian's
# pgbouncer is installed when missing; it runs from a generated config on a free loopback port
# (a `*` entry forwards every database name, so each test file's own database works), as the
# `postgres` user when started by root, and stops when the command ends.
set -euo pipefail
cd "$(dirname "$0")/.."

direct="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if [ $# -eq 0 ]; then
  # The paths that need a session of their own (LISTEN/NOTIFY, the migration lock) or lean on
  # named prepared statements: device stream, pushed checkout, webhooks, events stream, the
  # pooler test itself (migrations from empty, two replicas, queue pool).
  set -- npx vitest run \
    apps/server/src/platform/db-pooler.test.ts \
    apps/server/src/api/terminal/routes/device-stream.test.ts \
    apps/server/src/api/main/routes/events-stream.test.ts \
    apps/server/src/api/main/routes/webhooks.test.ts \
    apps/server/src/workers/webhook-dispatcher.test.ts
fi

bouncer=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
if [ ! -x "$bouncer" ]; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer) >/dev/null
  bouncer=/usr/sbin/pgbouncer
fi

read -r pg_host pg_port pg_user < <(node -e '
  const u = new URL(process.argv[1]);
  console.log(u.hostname || "127.0.0.1", u.port || "5432", decodeURIComponent(u.username) || "postgres");
' "$direct")
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

dir=$(mktemp -d /tmp/scanline-pgbouncer.XXXXXX)
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$pg_host port=$pg_port
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
logfile = $dir/pgbouncer.log
INI
printf '"%s" ""\n' "$pg_user" >"$dir/users.txt"

run_as=()
if [ "$(id -u)" = 0 ]; then
  # PgBouncer refuses to run as root.
  chown -R postgres "$dir"
  run_as=(-u postgres)
fi
"$bouncer" "${run_as[@]}" "$dir/pgbouncer.ini" &
bouncer_pid=$!
cleanup() {
  kill "$bouncer_pid" 2>/dev/null || true
  wait "$bouncer_pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
for _ in $(seq 1 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done

pooled=$(node -e 'const u=new URL(process.argv[1]); u.host=`127.0.0.1:${process.argv[2]}`; console.log(u.toString())' "$direct" "$port")
echo "PgBouncer $("$bouncer" --version | head -1 | awk '{print $2}') (transaction mode) on $pooled -> $pg_host:$pg_port"
status=0
DATABASE_URL="$pooled" DATABASE_DIRECT_URL="$direct" "$@" || status=$?
if [ "$status" != 0 ]; then
  echo "--- pgbouncer log ($dir/pgbouncer.log)" >&2
  tail -n 30 "$dir/pgbouncer.log" >&2 || true
fi
exit "$status"
