#!/usr/bin/env bash
# Stand-ins for the public base images that compose.yaml and the Dockerfile name, built locally:
# no image registry can be reached from these machines (the Debian mirror and the npm registry can).
#
#   scripts/container/stand-ins.sh [--force]
#
#   docker.io/library/node:22-bookworm-slim  Debian bookworm minbase + this machine's node and npm,
#                                            a `node` user (uid 1000) as in the official image, and
#                                            this machine's CA bundle for npm (the registry's TLS
#                                            passes through it here)
#   docker.io/library/postgres:15-bookworm   Debian's postgresql-15; POSTGRES_* env as the official image
#   docker.io/library/haproxy:2.6            Debian's haproxy 2.6; config path and user as the official image
#
# The debootstrap result is kept as a tarball under /var/cache/scanline-ci, so a rebuild is quick.
# An image already present is kept unless --force.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=podman-env.sh
source "$here/podman-env.sh"
force=0
[ "${1:-}" = --force ] && force=1

need_packages podman podman-compose debootstrap runc

have() { [ "$force" = 0 ] && podman image exists "$1"; }

# The Debian mirror apt already uses here (deb822 or one-line sources), not the security one.
mirror=$(grep -rhoE 'https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null |
  grep -v security | head -1 | tr -d ' ' || true)
mirror="${mirror:-http://deb.debian.org/debian}"

minbase_tar="$SCANLINE_CI_CACHE/bookworm-minbase.tar"
minbase_image=localhost/scanline-ci/bookworm-minbase:latest
if [ ! -s "$minbase_tar" ] || [ "$force" = 1 ]; then
  echo "debootstrap bookworm (minbase) from $mirror"
  root=$(mktemp -d /tmp/scanline-minbase.XXXXXX)
  debootstrap --variant=minbase bookworm "$root" "$mirror" >"$SCANLINE_CI_CACHE/debootstrap.log" 2>&1 ||
    { tail -20 "$SCANLINE_CI_CACHE/debootstrap.log" >&2; exit 1; }
  # Smaller, like the official slim images: no apt lists or caches.
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb
  tar -C "$root" -cf "$minbase_tar.tmp" .
  mv "$minbase_tar.tmp" "$minbase_tar"
  rm -rf "$root"
fi
if ! have "$minbase_image"; then
  podman import --change 'CMD ["bash"]' "$minbase_tar" "$minbase_image" >/dev/null
fi

node_image=docker.io/library/node:22-bookworm-slim
if ! have "$node_image"; then
  node_bin=$(command -v node)
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  echo "stand-in $node_image: node $("$node_bin" -v) from $node_bin, npm $(npm -v) from $npm_dir"
  root=$(mktemp -d /tmp/scanline-node.XXXXXX)
  tar -C "$root" -xf "$minbase_tar"
  install -m 755 "$node_bin" "$root/usr/local/bin/node"
  mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/etc"
  cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  mkdir -p "$root/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
  echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$root/usr/local/etc/npmrc"
  # The official image's user.
  chroot "$root" groupadd --gid 1000 node
  chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  tar -C "$root" -cf - . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$("$node_bin" -v | tr -d v)" \
    --change 'CMD ["node"]' - "$node_image" >/dev/null
  rm -rf "$root"
fi

# The Debian mirror again inside the builds (minbase's sources.list already names it).
for name in postgres:15-bookworm haproxy:2.6; do
  image="docker.io/library/$name"
  have "$image" && continue
  file="$here/stand-ins/${name%%:*}.Containerfile"
  echo "stand-in $image from $(basename "$file")"
  podman build "${PODMAN_BUILD_FLAGS[@]}" --build-arg "MIRROR=$mirror" -t "$image" -f "$file" "$here/stand-ins" \
    >"$SCANLINE_CI_CACHE/build-${name%%:*}.log" 2>&1 || { tail -30 "$SCANLINE_CI_CACHE/build-${name%%:*}.log" >&2; exit 1; }
done
podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'node:22|postgres:15|haproxy:2.6|bookworm-minbase'
