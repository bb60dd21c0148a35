#!/usr/bin/env bash
# Three replicas behind Debian's HAProxy, drained one by SIGTERM: runs
# apps/server/src/haproxy-drain.test.ts against a config generated from deploy/haproxy/haproxy.cfg.
#
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test scripts/haproxy-test.sh
#
# A database of its own is made next to DATABASE_URL's (and dropped at the end); haproxy is
# installed when missing and runs in the foreground on a free loopback port, with the template's
# `bind`, `server` lines and stats socket swapped for local ones (and without chroot, user and
# daemon, which are for a real host). The test starts the three replicas itself.
set -euo pipefail
cd "$(dirname "$0")/.."

base="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
haproxy=$(command -v haproxy || echo /usr/sbin/haproxy)
if [ ! -x "$haproxy" ]; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy) >/dev/null
  haproxy=/usr/sbin/haproxy
fi

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
port=$(free_port)
replica_ports=()
for _ in 1 2 3; do replica_ports+=("$(free_port)"); done

dir=$(mktemp -d /tmp/scanline-haproxy.XXXXXX)
db="scanline_haproxy_$$"
own_db=$(node -e 'const u=new URL(process.argv[1]); u.pathname="/"+process.argv[2]; console.log(u.toString())' "$base" "$db")
pg_sql() {
  node -e '
    const pg = require("pg");
    const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect().then(() => c.query(process.argv[2])).then(() => c.end(), (e) => { console.error(e.message); process.exit(1); });
  ' "$base" "$1"
}
pg_sql "create database $db"

servers=""
for i in 0 1 2; do servers+="    server app$((i + 1)) 127.0.0.1:${replica_ports[$i]} check"$'\n'; done
# The template with local addresses: bind, stats socket, servers; logs to stdout, foreground.
awk -v bind="    bind 127.0.0.1:$port" -v sock="    stats socket $dir/admin.sock mode 600 level admin" -v servers="$servers" '
  /^[[:space:]]*(chroot|user|group|daemon)([[:space:]]|$)/ { next }
  /^[[:space:]]*log \/dev\/log/ { print "    log stdout format raw local0"; next }
  /^[[:space:]]*stats socket / { print sock; next }
  /^[[:space:]]*bind :80/ { print bind; next }
  /^[[:space:]]*server app/ { next }
  /^[[:space:]]*# servers/ { print; printf "%s", servers; next }
  { print }
' deploy/haproxy/haproxy.cfg >"$dir/haproxy.cfg"
"$haproxy" -c -q -f "$dir/haproxy.cfg"

"$haproxy" -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
haproxy_pid=$!
cleanup() {
  kill "$haproxy_pid" 2>/dev/null || true
  wait "$haproxy_pid" 2>/dev/null || true
  pg_sql "drop database if exists $db with (force)" || true
  rm -rf "$dir"
}
trap cleanup EXIT
for _ in $(seq 1 50); do
  [ -S "$dir/admin.sock" ] && break
  kill -0 "$haproxy_pid" 2>/dev/null || { cat "$dir/haproxy.log" >&2; exit 1; }
  sleep 0.1
done

echo "HAProxy $("$haproxy" -v | head -1 | awk '{print $3}') on http://127.0.0.1:$port -> replicas on ${replica_ports[*]} (database $db)"
status=0
DATABASE_URL="$own_db" HAPROXY_URL="http://127.0.0.1:$port" HAPROXY_SOCKET="$dir/admin.sock" \
  HAPROXY_REPLICA_PORTS="$(IFS=,; echo "${replica_ports[*]}")" \
  npx vitest run apps/server/src/haproxy-drain.test.ts "$@" || status=$?
if [ "$status" != 0 ]; then
  echo "--- haproxy log ($dir/haproxy.log)" >&2
  tail -n 40 "$dir/haproxy.log" >&2 || true
fi
exit "$status"
