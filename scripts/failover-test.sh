#!/usr/bin/env bash
# Automatic failover on this machine (docs/operate/high-availability.md): three Patroni nodes
# (PostgreSQL 15, Raft, synchronous_mode) from deploy/patroni/patroni.yml, HAProxy from
# deploy/patroni/haproxy.cfg, PgBouncer from deploy/patroni/pgbouncer.ini, then
# test/failover/drive.ts: two built Scanline servers under load through a `kill -9` of the
# leader's postmaster and a `patronictl switchover`; it checks nothing acknowledged was lost or
# doubled and prints the figures.
#
#   scripts/failover-test.sh
#
# Debian's patroni, python3-pysyncobj, haproxy and pgbouncer are installed when missing. Every
# port is a free loopback one; the configs are the templates with local addresses, `trust`
# instead of passwords, and without daemon/chroot. Everything it started is stopped at exit.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v patroni >/dev/null 2>&1 || need+=(patroni)
/usr/bin/python3 -c 'import pysyncobj' 2>/dev/null || need+=(python3-pysyncobj)
[ -x /usr/sbin/haproxy ] || command -v haproxy >/dev/null 2>&1 || need+=(haproxy)
[ -x /usr/sbin/pgbouncer ] || command -v pgbouncer >/dev/null 2>&1 || need+=(pgbouncer)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >/dev/null
fi
haproxy=$(command -v haproxy || echo /usr/sbin/haproxy)
bouncer=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
run_as=()
[ "$(id -u)" = 0 ] && run_as=(runuser -u postgres --)

# Ports below the ephemeral range (scripts/quiet-port.mjs says why).
free_port() { node scripts/quiet-port.mjs; }
dir=$(mktemp -d /tmp/scanline-failover.XXXXXX)
chmod 755 "$dir"
pids=()
cleanup() {
  status=$?
  set +e
  # Patroni stops its PostgreSQL on SIGTERM; whatever is left is stopped by data directory.
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null; done
  for _ in $(seq 1 100); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL -- "-$pid" 2>/dev/null; done
  for data in "$dir"/pg*/data; do
    [ -f "$data/postmaster.pid" ] && "${run_as[@]}" /usr/lib/postgresql/15/bin/pg_ctl -D "$data" -m immediate stop >/dev/null 2>&1
  done
  if [ "$status" != 0 ]; then
    for log in "$dir"/pg*/patroni.log "$dir/haproxy.log" "$dir/pgbouncer.log"; do
      [ -f "$log" ] && { echo "--- $log" >&2; tail -n 25 "$log" >&2; }
    done
  fi
  rm -rf "$dir"
  exit "$status"
}
trap cleanup EXIT INT TERM

# Each process in its own process group (setsid): cleanup stops the group it made, by id.
start() {
  local log=$1
  shift
  setsid "$@" >"$log" 2>&1 &
  pids+=($!)
}

names=(pg1 pg2 pg3)
declare -A pg_port rest_port raft_port
for n in "${names[@]}"; do
  pg_port[$n]=$(free_port)
  rest_port[$n]=$(free_port)
  raft_port[$n]=$(free_port)
done
cat >"$dir/post-bootstrap.sh" <<'SH'
#!/bin/sh
# As deploy/patroni/post-bootstrap.sh, without a password (trust on loopback).
set -e
psql "$1" -v ON_ERROR_STOP=1 -c 'create role scanline login' -c 'create database scanline owner scanline'
SH
chmod 755 "$dir/post-bootstrap.sh"
for n in "${names[@]}"; do
  mkdir -p "$dir/$n"
  partners=()
  for m in "${names[@]}"; do [ "$m" != "$n" ] && partners+=("127.0.0.1:${raft_port[$m]}"); done
  sed -e "s|@NAME@|$n|g" -e "s|@HOST@|127.0.0.1|g" -e "s|@REST_PORT@|${rest_port[$n]}|g" \
    -e "s|@PG_PORT@|${pg_port[$n]}|g" -e "s|@RAFT_PORT@|${raft_port[$n]}|g" \
    -e "s|@PARTNER1@|${partners[0]}|g" -e "s|@PARTNER2@|${partners[1]}|g" -e "s|@DATA_DIR@|$dir/$n|g" \
    -e "s|@NETWORK@|127.0.0.1/32|g" -e 's|@[A-Z_]*PASSWORD@|local|g' -e 's|scram-sha-256|trust|g' \
    -e "s|/etc/patroni/scanline-post-bootstrap.sh|$dir/post-bootstrap.sh|" \
    deploy/patroni/patroni.yml >"$dir/$n/patroni.yml"
done
chown -R postgres:postgres "$dir"
for n in "${names[@]}"; do start "$dir/$n/patroni.log" "${run_as[@]}" patroni "$dir/$n/patroni.yml"; done

# HAProxy: the template's ports and servers swapped for these nodes; stats on a free port.
primary_port=$(free_port)
replica_port=$(free_port)
stats_port=$(free_port)
servers=""
for n in "${names[@]}"; do servers+="    server $n 127.0.0.1:${pg_port[$n]} maxconn 500 check port ${rest_port[$n]}"$'\n'; done
awk -v primary="    bind 127.0.0.1:$primary_port" -v replica="    bind 127.0.0.1:$replica_port" \
  -v stats="    bind 127.0.0.1:$stats_port" -v servers="$servers" '
  /^[[:space:]]*bind :5000/ { print primary; next }
  /^[[:space:]]*bind :5001/ { print replica; next }
  /^[[:space:]]*bind :7000/ { print stats; next }
  /^[[:space:]]*server pg/ { next }
  /^[[:space:]]*# servers/ { print; printf "%s", servers; next }
  { print }
' deploy/patroni/haproxy.cfg >"$dir/haproxy.cfg"
"$haproxy" -c -q -f "$dir/haproxy.cfg"
start "$dir/haproxy.log" "$haproxy" -db -f "$dir/haproxy.cfg"

# PgBouncer: the template with local addresses and trust.
bouncer_port=$(free_port)
sed -e "s|^scanline = host=127.0.0.1 port=5000|scanline = host=127.0.0.1 port=$primary_port|" \
  -e "s|^listen_addr = \*|listen_addr = 127.0.0.1|" -e "s|^listen_port = 6432|listen_port = $bouncer_port|" \
  -e "s|^auth_type = .*|auth_type = trust|" -e "s|^auth_file = .*|auth_file = $dir/users.txt|" \
  deploy/patroni/pgbouncer.ini >"$dir/pgbouncer.ini"
printf 'unix_socket_dir =\nlogfile = %s/pgbouncer.log\n' "$dir" >>"$dir/pgbouncer.ini"
printf '"scanline" ""\n' >"$dir/users.txt"
chown postgres:postgres "$dir/pgbouncer.ini" "$dir/users.txt"
start "$dir/pgbouncer.out" "${run_as[@]}" "$bouncer" "$dir/pgbouncer.ini"

echo "Patroni $(patroni --version | awk '{print $2}'): ${names[*]} on PostgreSQL ports ${pg_port[*]}, REST ${rest_port[*]}"
echo "HAProxy: leader 127.0.0.1:$primary_port, standbys 127.0.0.1:$replica_port; PgBouncer 127.0.0.1:$bouncer_port"
# Built while the cluster bootstraps.
node scripts/build-if-changed.mjs server
for _ in $(seq 1 240); do
  state=$(patronictl -c "$dir/pg1/patroni.yml" list -f json 2>/dev/null || echo '[]')
  if node -e 'const l=JSON.parse(process.argv[1]); process.exit(l.some(m=>m.Role==="Leader"&&m.State==="running")&&l.filter(m=>m.Role!=="Leader"&&/streaming|running/.test(m.State)).length===2?0:1)' "$state" &&
    (exec 3<>"/dev/tcp/127.0.0.1/$primary_port") 2>/dev/null; then
    break
  fi
  sleep 0.5
done
patronictl -c "$dir/pg1/patroni.yml" list

FAILOVER_PRIMARY_URL="postgres://scanline@127.0.0.1:$primary_port/scanline" \
FAILOVER_POOLED_URL="postgres://scanline@127.0.0.1:$bouncer_port/scanline" \
FAILOVER_REPLICA_URL="postgres://scanline@127.0.0.1:$replica_port/scanline" \
FAILOVER_PATRONI_CONFIG="$dir/pg1/patroni.yml" \
FAILOVER_NODES_DIR="$dir" \
  node --import tsx test/failover/drive.ts
