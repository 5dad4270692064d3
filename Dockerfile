# syntax=docker/dockerfile:1
# Placement: a small production image.
#   docker build -t placement .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e SESSION_SECRET=… -e APP_URL=https://… placement
# or `docker compose up` (see docker-compose.yml). Migrations run when the container starts.

ARG NODE_IMAGE=node:20-bookworm-slim

# ── deps: every dependency, for the build ───────────────────────────────────
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
# npm's postinstall applies patches/ (patch-package) to the packages it installs.
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# ── build: the Remix server bundle (build/) and browser assets (public/build/) ──
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NODE_ENV=production
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npx remix build

# ── runtime ──────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    UPLOAD_DIR=/data/uploads \
    NPM_CONFIG_UPDATE_NOTIFIER=false

# Production dependencies only. tsx is one of them: it runs server/index.ts, which imports the
# app's server modules (app/utils/*.server.ts) and the migrations from source.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY tsconfig.json remix.config.js ./
COPY server ./server
COPY db ./db
COPY app ./app
COPY scripts ./scripts

# Uploads (and, without DATABASE_URL, the embedded database) live under /data, owned by the
# unprivileged `node` user of the base image; the code stays read-only to it.
RUN mkdir -p /data/uploads && chown -R node:node /data
VOLUME ["/data/uploads"]
USER node

EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://localhost:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["npx", "tsx", "server/index.ts"]
