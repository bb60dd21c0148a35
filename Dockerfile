# Scanline's container image: the built server (one esbuild bundle) and console (Vite), on Node.js 22.
# Configuration is by environment only (see docs/operate/containers.md); data lives in /data
# (embedded PostgreSQL, PGlite) unless DATABASE_URL names a PostgreSQL server.
#
#   docker build -t scanline .
#   docker run -p 3000:3000 -v scanline-data:/data scanline

# --- build: every dependency, then the console and the server bundle as `npm start` builds them
FROM node:22-bookworm-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when one of them changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/client/package.json packages/client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build-if-changed.mjs

# --- runtime: the server's production dependencies and the built files only
FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/client/package.json packages/client/
# The server's devDependencies are test tools; firebase among them is also the console's dependency,
# so the lockfile does not mark it dev and --omit=dev alone would keep it (170 MB): dropped first.
# No install scripts: the native parts (argon2) come as prebuilt optional packages.
RUN npm pkg delete devDependencies --workspace @scanline/server \
 && npm ci --omit=dev --workspace @scanline/server --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force \
 && rm -rf /root/.npm /tmp/*
# The bundle carries its catalogues and migrations; it finds the console at ../../web/dist.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME /data
EXPOSE 3000
# 200 when the process can reach its database; 503 from SIGTERM on (slim images have no curl).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Drains: /readyz says 503, requests in flight finish (SHUTDOWN_GRACE_SECONDS), then it exits.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
