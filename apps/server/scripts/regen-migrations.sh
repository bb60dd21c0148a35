#!/usr/bin/env bash
# Development only, until the first release: rebuilds the single initial migration from the
# whole schema so parallel schema work never produces conflicting migration numbers.
# After the first release, use `npm run db:generate` to add reviewed migrations instead.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/scanline-regen-migrations.lock
flock 9
rm -rf src/db/migrations
npx drizzle-kit generate --name init >/dev/null
ls src/db/migrations
