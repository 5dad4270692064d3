# Placement: a small production image.
#   docker build -t placement .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e SESSION_SECRET=… -e APP_URL=https://… placement
# or `docker compose up` (see docker-compose.yml). Migrations run when the container starts.
# Where no image registry is reachable, build a local image equivalent to node:20-bookworm-slim
# (Debian bookworm, Node 20 and npm in /usr/local, Node's headers in /usr/local/include/node, a
# `node` user with uid 1000) and pass it:
#   docker build --build-arg NODE_IMAGE=<that image> -t placement .
# See docs/deployment.md; scripts/docker-check.sh builds, runs and checks the image.

ARG NODE_IMAGE=node:20-bookworm-slim

# ── deps: every dependency, compiled where needed ───────────────────────────
# Native modules (argon2) load a prebuilt binary when it works on this machine; when it does not
# (on some hosts argon2's linux-x64 prebuild crashes on load), npm compiles them with node-gyp,
# which needs python3, make and g++. They are installed here only: the runtime stage copies the
# finished node_modules and never sees a compiler.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
# npm's postinstall applies patches/ (patch-package) to the packages it installs.
COPY patches ./patches
RUN npm ci

# ── build: the Remix server bundle (build/) and browser assets (public/build/) ──
FROM deps AS build
ENV NODE_ENV=production
COPY . .
RUN npx remix build

# ── prod-deps: the same node_modules without the dev dependencies ───────────
# Pruned rather than installed again: the compiled native modules and the patches carry over.
# npm keeps typescript (23 MB) because the @remix-run packages name it as an optional peer (for
# their type declarations); nothing that runs in production loads it.
FROM deps AS prod-deps
RUN npm prune --omit=dev \
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
 && npm cache clean --force

# ── base: the base image without what the running app never reads ───────────
# apt's package lists and downloaded packages, Node's C headers (native modules were compiled in
# the deps stage), documentation (each package's copyright stays), man and info pages, and
# translations. npm, the shell and the rest of the system stay: `npm run user:create` is run in
# the container. Deleting files does not shrink an image whose lower layers hold them, so the
# runtime stage starts from nothing and copies this stage's file system in: one layer without them.
FROM ${NODE_IMAGE} AS base
RUN rm -rf /var/lib/apt/lists/* /var/cache/apt/* /usr/local/include \
      /usr/share/man/* /usr/share/info/* /usr/share/groff/* /usr/share/lintian/* /usr/share/linda/* \
 && find /usr/share/locale -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} + \
 && find /usr/share/doc -mindepth 1 ! -type d ! -name copyright -delete \
 && find /usr/share/doc -mindepth 1 -type d -empty -delete

# ── runtime: that file system, flattened, then the app ─────────────────────
# Owners, modes and links come along with the copy; the base image's settings do not. PATH is
# declared again. Left out on purpose: the official image's NODE_VERSION and YARN_VERSION (for
# information) and its ENTRYPOINT (docker-entrypoint.sh, which only puts `node` before arguments
# that are not a command: CMD starts node itself); a local base's npm_config_nodedir (the deleted
# headers) and NODE_EXTRA_CA_CERTS (its file is still there: pass it with `docker run -e` where
# the app reaches Resend or S3 through a proxy with its own CA). The app's layers follow, so a
# change to the source rebuilds only those.
FROM scratch AS runtime
COPY --from=base / /
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    UPLOAD_DIR=/data/uploads \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app

# Production dependencies only. tsx is one of them: it runs server/index.ts, which imports the
# app's server modules (app/utils/*.server.ts) and the migrations from source.
COPY package.json package-lock.json tsconfig.json remix.config.js ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
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
# Asks the port the server listens on (PORT), so a container started with another PORT is checked
# where it serves.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# tsx, loaded into node itself (`node --import tsx`), runs the TypeScript server from source: one
# process, which gets docker stop's SIGTERM directly (npx would add npm's and tsx's own processes,
# about 130 MB more memory). The workers it forks load tsx the same way. This process, which
# supervises them and runs the job queue (imports), has its heap held to 192 MB: it keeps 40–60 MB
# alive, and without a limit V8 sizes the heap by the machine's memory and lets garbage pile up
# (a 100,000-row import took it from 176 to 341 MB; with the limit, 230 MB). The workers that
# serve pages keep V8's own sizing (server/index.ts). docs/deployment.md, "Memory".
CMD ["node", "--max-old-space-size=192", "--import", "tsx", "server/index.ts"]
