#!/usr/bin/env bash
# The container image and compose.yaml, tested with Debian's podman and podman-compose:
#
#   scripts/container-test.sh
#
#   1. stand-ins for the public base images (no registry is reachable here; scripts/container/stand-ins.sh)
#   2. the image, built from the Dockerfile as it is (--format docker keeps its HEALTHCHECK)
#   3. the image alone on PGlite with a volume for /data: HEALTHCHECK, the walk, SIGTERM exits
#      cleanly, the data is still there on the next start
#   4. compose.yaml (PostgreSQL 15, two replicas, HAProxy) on the published port: the smoke while
#      one replica gets SIGKILL, then the first day while it gets SIGTERM (a drain)
#
# The walk is test/first-day/run.ts when it exists (a real SMTP peer on a host port; the operator
# CLI run in a replica with podman exec), else, or with CONTAINER_WALK=smoke, the shorter
# test/container/smoke.ts alone. Any server log line at level error or above fails the run.
# Every container, volume and network it made is removed at exit.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/container/podman-env.sh

run_id="scanline-ci-$$"
image="localhost/scanline-ci/scanline:test"
single="$run_id-single"
volume="$run_id-data"
project="${run_id//-/}"
tmp=$(mktemp -d /tmp/scanline-container.XXXXXX)
relay_pid=""
compose_up=0

compose_down() {
  # `podman rm -v` first: podman-compose's `down -v` leaves the replicas' anonymous /data volumes.
  for c in postgres_1 scanline-1_1 scanline-2_1 haproxy_1; do
    podman rm -f -v -t 0 "${project}_$c" >/dev/null 2>&1
  done
  podman-compose -p "$project" -f compose.yaml down -v >/dev/null 2>&1
  podman network rm -f "${project}_default" >/dev/null 2>&1
  return 0
}

cleanup() {
  status=$?
  set +e
  [ -n "$relay_pid" ] && kill "$relay_pid" 2>/dev/null
  podman rm -f -v -t 0 "$single" >/dev/null 2>&1
  podman volume rm -f "$volume" >/dev/null 2>&1
  [ "$compose_up" = 1 ] && compose_down
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT INT TERM

t0=$(date +%s)
phase_start=$t0
phase() {
  local now
  now=$(date +%s)
  [ -n "${phase_name:-}" ] && echo "== $phase_name: $((now - phase_start)) s"
  phase_name="$1"
  phase_start=$now
  [ -n "$1" ] && echo "== $1"
  return 0
}

# Ports below the ephemeral range (scripts/quiet-port.mjs says why).
free_port() { node scripts/quiet-port.mjs; }

wait_ready() { # url, seconds: polls until /readyz says 200
  node -e '
    const [url, seconds] = process.argv.slice(1);
    const deadline = Date.now() + seconds * 1000;
    const started = Date.now();
    (async () => {
      while (Date.now() < deadline) {
        const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.status === 200, () => false);
        if (ok) return console.log(`  ready after ${((Date.now() - started) / 1000).toFixed(1)} s: ${url}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      console.error(`not ready within ${seconds} s: ${url}`);
      process.exit(1);
    })();
  ' "$1" "$2"
}

# Pino's JSON lines at level 50 (error) or 60 (fatal): none may appear, except a /readyz 503,
# which is the balancer's signal (a replica draining after SIGTERM, or its database ping over
# 80 ms on a busy machine), not a failure; the server logs every 5xx answer at error level.
no_error_logs() { # container...
  local bad=0
  for c in "$@"; do
    if podman logs "$c" 2>&1 | grep -E '"level":(5|6)[0-9]' | grep -v '"path":"/readyz","route":"/readyz","status":503' >"$tmp/errors.log"; then
      echo "error log lines from $c:" >&2
      head -20 "$tmp/errors.log" >&2
      bad=1
    fi
  done
  return "$bad"
}

# CONTAINER_WALK=smoke runs the short walk even where the first day exists (a slower machine).
journey=0
[ -f test/first-day/run.ts ] && [ "${CONTAINER_WALK:-first-day}" != smoke ] && journey=1

smoke() { # base url, smtp port, [midway command]
  node --import tsx test/container/smoke.ts --url "$1" --smtp-port "$2" ${3:+--midway "$3"}
}

first_day() { # base url, smtp port, container for the CLI, [midway command]
  local killer=""
  if [ -n "${4:-}" ]; then
    (sleep "${JOURNEY_MIDWAY_AFTER:-1.5}" && sh -c "$4") &
    killer=$!
  fi
  # The operator commands (payouts run…) inside a running replica, with its environment.
  node --import tsx test/first-day/run.ts --url "$1" --smtp-port "$2" \
    --cli "podman exec $3 node apps/server/dist/cli.js"
  if [ -n "$killer" ]; then wait "$killer"; fi
}

wait_healthy() { # container: its image HEALTHCHECK passes
  for i in $(seq 1 120); do
    podman healthcheck run "$1" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "$1 never became healthy" >&2
  return 1
}

phase "stand-in base images"
scripts/container/stand-ins.sh | sed 's/^/  /'

phase "image build"
previous=$(podman image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
podman build "${PODMAN_BUILD_FLAGS[@]}" -t "$image" . >"$tmp/build.log" 2>&1 || { tail -40 "$tmp/build.log" >&2; exit 1; }
# The previous run's image, now untagged: removed, so runs do not pile up images (its build
# cache layers stay).
if [ -n "$previous" ] && [ "$previous" != "$(podman image inspect --format '{{.Id}}' "$image")" ]; then
  podman rmi "$previous" >/dev/null 2>&1 || true
fi
# Every source change leaves an untagged build-stage image (1.5 GB with its dependencies, mostly
# shared): those a day old go, today's stay as the build cache.
podman image prune -f --filter until=24h >/dev/null 2>&1 || true
size=$(podman image inspect --format '{{.Size}}' "$image")
echo "  $image: $((size / 1000000)) MB"
[ "$(podman image inspect --format '{{.User}}' "$image")" = node ] || { echo "the image does not run as node" >&2; exit 1; }
podman image inspect --format '{{json .Config.Healthcheck}}' "$image" | grep -q readyz ||
  { echo "the image has no HEALTHCHECK on /readyz" >&2; exit 1; }

phase "single container (PGlite, volume for /data)"
port=$(free_port)
smtp_port=$(free_port)
podman volume create "$volume" >/dev/null
# The host's network: the walks' SMTP peer listens on the host's loopback.
podman run -d --name "$single" --network host --ulimit nofile=16384:16384 --ulimit nproc=1024:4096 \
  -v "$volume:/data" -e PORT="$port" -e HOST=127.0.0.1 -e PUBLIC_URL="http://127.0.0.1:$port" \
  -e SMTP_URL="smtp://127.0.0.1:$smtp_port" \
  "$image" >/dev/null 2>"$tmp/podman.err" || { cat "$tmp/podman.err" >&2; exit 1; }
wait_ready "http://127.0.0.1:$port/readyz" 120 || { podman logs "$single" | tail -30 >&2; exit 1; }
podman healthcheck run "$single" >/dev/null 2>&1 || { echo "HEALTHCHECK fails in the container" >&2; exit 1; }
if [ "$journey" = 1 ]; then
  first_day "http://127.0.0.1:$port" "$smtp_port" "$single"
else
  smoke "http://127.0.0.1:$port" "$smtp_port"
fi
stop_started=$(date +%s%N)
podman stop -t 30 "$single" >/dev/null 2>>"$tmp/podman.err"
code=$(podman inspect --format '{{.State.ExitCode}}' "$single")
echo "  SIGTERM to exit: $((($(date +%s%N) - stop_started) / 1000000)) ms, exit code $code"
[ "$code" = 0 ] || { podman logs "$single" | tail -20 >&2; exit 1; }
# The volume keeps the data: the same database and key on the next start.
podman start "$single" >/dev/null 2>>"$tmp/podman.err"
wait_ready "http://127.0.0.1:$port/readyz" 60 || { podman logs "$single" | tail -30 >&2; exit 1; }
podman exec "$single" test -s /data/pglite/PG_VERSION || { echo "PGlite data not in /data" >&2; exit 1; }
no_error_logs "$single"
podman rm -f -v -t 0 "$single" >/dev/null 2>&1

phase "compose: PostgreSQL 15, two replicas, HAProxy"
export SECRETS_KEY
SECRETS_KEY=$(head -c 32 /dev/urandom | base64)
export SCANLINE_PORT SCANLINE_IMAGE="$image" PUBLIC_URL
SCANLINE_PORT=$(free_port)
PUBLIC_URL="http://127.0.0.1:$SCANLINE_PORT"
smtp_port=$(free_port)
# The walks' SMTP peer is on the host's loopback; the replicas reach the host on a bridge address
# (host.containers.internal), relayed to it.
relay_port=$(free_port)
node -e '
  const net = require("net");
  net.createServer((c) => { const u = net.connect(+process.argv[2], "127.0.0.1"); c.pipe(u).pipe(c);
    c.on("error", () => u.destroy()); u.on("error", () => c.destroy()); }).listen(+process.argv[1], "0.0.0.0");
' "$relay_port" "$smtp_port" &
relay_pid=$!
export SMTP_URL="smtp://host.containers.internal:$relay_port"
compose_up=1
podman-compose -p "$project" -f compose.yaml up -d >"$tmp/compose.log" 2>&1 || { cat "$tmp/compose.log" >&2; exit 1; }
compose_logs() {
  for c in postgres_1 scanline-1_1 scanline-2_1 haproxy_1; do
    echo "--- $c" >&2
    podman logs --tail 20 "${project}_$c" 2>&1 | grep -v systemd | cut -c1-400 >&2
  done
}
wait_ready "$PUBLIC_URL/readyz" 180 || { compose_logs; exit 1; }
replica1="${project}_scanline-1_1"
replica2="${project}_scanline-2_1"
# Both replicas up, so the one stopped below was serving.
wait_healthy "$replica1" && wait_healthy "$replica2" || { compose_logs; exit 1; }
# A crash: SIGKILL to a replica with requests in flight. Reads go on through HAProxy unnoticed;
# a write it was answering is looked up before it is repeated, so nothing is made twice.
smoke "$PUBLIC_URL" "$smtp_port" "podman kill $replica1 >/dev/null 2>&1 && echo '  SIGKILL to scanline-1'"
if [ "$journey" = 1 ]; then
  podman start "$replica1" >/dev/null 2>&1 || true
  wait_healthy "$replica1" || { compose_logs; exit 1; }
  # A restart (as an upgrade does it): SIGTERM mid-journey; the replica drains, nothing is lost.
  first_day "$PUBLIC_URL" "$smtp_port" "$replica2" \
    "echo '  SIGTERM to scanline-1'; podman stop -t 15 $replica1 >/dev/null 2>&1"
fi
no_error_logs "$replica1" "$replica2"
compose_down
compose_up=0

phase ""
echo "== container test passed in $(($(date +%s) - t0)) s (image $((size / 1000000)) MB)"
