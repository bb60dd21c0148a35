# Sourced by the container scripts: podman as this machine needs it (see docs/operate/containers.md).
# runc, because crun fails on this sandbox's cgroups; ulimits, because the defaults here are too low
# for Node.js. Written to a CONTAINERS_CONF file so podman-compose's own podman calls get them too.
SCANLINE_CI_CACHE="${SCANLINE_CI_CACHE:-/var/cache/scanline-ci}"
mkdir -p "$SCANLINE_CI_CACHE"
cat >"$SCANLINE_CI_CACHE/containers.conf" <<'CONF'
[containers]
default_ulimits = ["nofile=16384:16384", "nproc=1024:4096"]

[engine]
runtime = "runc"
CONF
export CONTAINERS_CONF="$SCANLINE_CI_CACHE/containers.conf"
PODMAN_BUILD_FLAGS=(--format docker --runtime runc --ulimit nofile=16384:16384 --ulimit nproc=1024:4096)

need_packages() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing ${missing[*]}"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") >/dev/null
}
