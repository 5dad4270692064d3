#!/usr/bin/env bash
# Builds the Docker image and checks it end to end against a throwaway Postgres:
#   1. builds the image (timed) and prints its size (the trimmed base layer and the app's layers);
#   2. starts a Postgres cluster from this machine's server binaries (initdb, pg_ctl) in a
#      temporary directory, on a free port on 127.0.0.1;
#   3. runs the image with --network host against it (DATABASE_URL, SESSION_SECRET, APP_URL, PORT)
#      and waits for /healthz to answer 200;
#   4. creates an admin with `npm run user:create` inside the container;
#   5. signs in through POST /api/auth/login and through the sign-in screen (/login);
#   6. uploads a 5 MB PDF through POST /api/resources and downloads it back: same bytes;
#   7. waits for Docker's own HEALTHCHECK to call the container healthy.
# The container, its volume, the Postgres cluster and the temporary files are removed on exit,
# whether the checks pass or not.
#
#   scripts/docker-check.sh
#   NODE_IMAGE=local/node:20-bookworm-slim scripts/docker-check.sh   # another base image
#
# Environment:
#   NODE_IMAGE          base image, passed as the NODE_IMAGE build argument (default: the
#                       Dockerfile's node:20-bookworm-slim). Where no registry is reachable, the
#                       tag of a locally built equivalent.
#   IMAGE               the tag to build and check (default placement:check)
#   NO_CACHE=1          build without Docker's layer cache (a cold build)
#   SKIP_BUILD=1        check IMAGE as it is, without building it
#   CHECK_UPLOAD_BYTES  size of the uploaded PDF in bytes (default 5242880, 5 MB)
#   MAX_IMAGE_MB        fail when the image is larger (MB as `docker image ls` counts them;
#                       default 400, the size the image must stay within)
# Needs: a running Docker daemon, curl, and PostgreSQL's server binaries (apt-get install
# postgresql); run as root, it runs them as the `postgres` user, since Postgres refuses root.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

IMAGE=${IMAGE:-placement:check}
UPLOAD_BYTES=${CHECK_UPLOAD_BYTES:-5242880}
MAX_IMAGE_MB=${MAX_IMAGE_MB:-400}
CHECK_EMAIL=docker-check@example.com
CHECK_PASSWORD='Docker@Check1'

say() { printf '%s\n' "$*"; }
step() { printf '\n== %s\n' "$*"; }
fail() {
  printf 'FAILED: %s\n' "$*" >&2
  exit 1
}

# ── clean-up, on every exit ─────────────────────────────────────────────────
WORK=""
PG_DIR=""
PG_DATA=""
PG_BIN=""
CONTAINER=""
PASSED=0

as_postgres() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

cleanup() {
  local status=$?
  set +e
  if [[ -n $CONTAINER ]]; then
    if [[ $PASSED -ne 1 ]]; then
      printf '\n-- the last lines of the container log:\n' >&2
      docker logs --tail 60 "$CONTAINER" >&2 2>&1
    fi
    docker rm -f -v "$CONTAINER" >/dev/null 2>&1
  fi
  if [[ -n $PG_DATA && -f $PG_DATA/postmaster.pid ]]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate -w stop >/dev/null 2>&1
  fi
  [[ -n $PG_DIR ]] && rm -rf "$PG_DIR"
  [[ -n $WORK ]] && rm -rf "$WORK"
  if [[ $status -eq 0 && $PASSED -eq 1 ]]; then printf '\nDocker check passed.\n'; else printf '\nDocker check FAILED.\n' >&2; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ── what this needs ─────────────────────────────────────────────────────────
command -v docker >/dev/null || fail "docker is not installed (apt-get install docker.io)"
docker info >/dev/null 2>&1 || fail "the Docker daemon does not answer (start dockerd)"
command -v curl >/dev/null || fail "curl is not installed"

has_server_binaries() { [[ -x $1/initdb && -x $1/pg_ctl && -x $1/postgres ]]; }
find_pg_bin() {
  local dir
  if dir=$(pg_config --bindir 2>/dev/null) && has_server_binaries "$dir"; then
    echo "$dir"
    return
  fi
  # The highest version first: /usr/lib/postgresql/<version>/bin.
  for dir in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -t/ -k5 -rn); do
    if has_server_binaries "$dir"; then
      echo "$dir"
      return
    fi
  done
  if dir=$(command -v initdb) && dir=$(dirname "$(readlink -f "$dir")") && has_server_binaries "$dir"; then
    echo "$dir"
    return
  fi
  return 1
}
PG_BIN=$(find_pg_bin) || fail "no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql"
if [[ $(id -u) -eq 0 ]]; then
  id -u postgres >/dev/null 2>&1 || fail "running as root, but there is no postgres user to run Postgres as"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/placement-docker-check.XXXXXX")

# A TCP port nothing listens on (127.0.0.1), not `avoid`.
free_port() {
  local avoid=${1:-0} port
  for _ in $(seq 1 100); do
    port=$((20000 + RANDOM % 40000))
    [[ $port -eq $avoid ]] && continue
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
  fail "no free port found"
}

human_time() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
# Bytes as `docker image ls` shows them (decimal megabytes).
mb() { awk -v b="$1" 'BEGIN { printf "%.0f", b / 1000000 }'; }

# ── 1. build ────────────────────────────────────────────────────────────────
BUILD_SECONDS=""
BUILD_KIND=""
if [[ ${SKIP_BUILD:-0} == 1 ]]; then
  step "Image: $IMAGE (not rebuilt: SKIP_BUILD=1)"
  docker image inspect "$IMAGE" >/dev/null 2>&1 || fail "no image $IMAGE"
else
  build_args=(--network host -t "$IMAGE")
  [[ -n ${NODE_IMAGE:-} ]] && build_args+=(--build-arg "NODE_IMAGE=$NODE_IMAGE")
  if [[ ${NO_CACHE:-0} == 1 ]]; then
    build_args+=(--no-cache)
    BUILD_KIND=" (cold: no cache)"
  fi
  # BuildKit needs the buildx plugin; without it, Docker's classic builder does the same build.
  if [[ -z ${DOCKER_BUILDKIT:-} ]] && ! docker buildx version >/dev/null 2>&1; then export DOCKER_BUILDKIT=0; fi
  step "Build: docker build ${build_args[*]} .  (log: the steps below; everything on failure)"
  started=$(date +%s)
  if ! docker build "${build_args[@]}" . 2>&1 | tee "$WORK/build.log" |
    sed -u -n -e 's/^\(Step [0-9]*\/[0-9]*\) : \(.\{0,100\}\).*/  \1 \2/p' -e 's/^\(#[0-9]* \[[^]]*\] .\{0,100\}\).*/  \1/p'; then
    say "-- build log (last 60 lines):" >&2
    tail -n 60 "$WORK/build.log" >&2
    fail "docker build failed"
  fi
  BUILD_SECONDS=$(($(date +%s) - started))
fi
IMAGE_BYTES=$(docker image inspect -f '{{.Size}}' "$IMAGE")
IMAGE_MB=$(mb "$IMAGE_BYTES")
# The runtime stage is flattened: its first layer is the base image's file system without what the
# app never reads (FROM scratch, then one copy); every layer above it is the app's.
FIRST_LAYER_BYTES=$(docker history --human=false --format '{{.Size}}' "$IMAGE" | tail -n 1)
SIZE_LINE="$IMAGE_MB MB ($IMAGE): the trimmed base layer $(mb "$FIRST_LAYER_BYTES") MB + the app's layers $(mb $((IMAGE_BYTES - FIRST_LAYER_BYTES))) MB"
BASE=${NODE_IMAGE:-node:20-bookworm-slim}
if base_bytes=$(docker image inspect -f '{{.Size}}' "$BASE" 2>/dev/null); then SIZE_LINE+=" (the base image $BASE: $(mb "$base_bytes") MB)"; fi
[[ -n $BUILD_SECONDS ]] && say "Build time: $(human_time "$BUILD_SECONDS")$BUILD_KIND"
say "Image size: $SIZE_LINE"
[[ $IMAGE_MB -le $MAX_IMAGE_MB ]] || fail "the image is $IMAGE_MB MB, more than MAX_IMAGE_MB=$MAX_IMAGE_MB"
say "Runs as: $(docker image inspect -f '{{.Config.User}}' "$IMAGE")"
[[ $(docker image inspect -f '{{.Config.User}}' "$IMAGE") == node ]] || fail "the image does not run as the node user"

# ── 2. Postgres ─────────────────────────────────────────────────────────────
step "Postgres: $("$PG_BIN/postgres" --version), throwaway cluster"
PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/placement-docker-check-pg.XXXXXX")
[[ $(id -u) -eq 0 ]] && chown postgres:postgres "$PG_DIR"
PG_DATA=$PG_DIR/data
as_postgres "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C --no-sync >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; fail "initdb failed"; }
PG_PORT=""
for _ in 1 2 3; do
  port=$(free_port)
  if as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/postgres.log" -w -t 60 \
    -o "-p $port -k '$PG_DIR' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null 2>&1; then
    PG_PORT=$port
    break
  fi
  # Someone may have taken the port between our look and the server's bind: try another.
done
[[ -n $PG_PORT ]] || { tail -n 20 "$PG_DIR/postgres.log" >&2 || true; fail "Postgres did not start"; }
as_postgres "$PG_BIN/createdb" -h "$PG_DIR" -p "$PG_PORT" -U postgres placement ||
  fail "could not create the database"
DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/placement"
say "Listening on 127.0.0.1:$PG_PORT (data in $PG_DIR)"

# ── 3. the container ────────────────────────────────────────────────────────
APP_PORT=$(free_port "$PG_PORT")
APP_URL="http://127.0.0.1:$APP_PORT"
SESSION_SECRET=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
CONTAINER="placement-check-$$"
step "Container $CONTAINER: $IMAGE on $APP_URL (--network host)"
docker run -d --name "$CONTAINER" --network host \
  -e DATABASE_URL="$DATABASE_URL" \
  -e SESSION_SECRET="$SESSION_SECRET" \
  -e APP_URL="$APP_URL" \
  -e PORT="$APP_PORT" \
  -e WEB_CONCURRENCY=2 \
  "$IMAGE" >/dev/null

health=""
for _ in $(seq 1 120); do
  health=$(curl -s -o /dev/null -w '%{http_code}' "$APP_URL/healthz" || true)
  [[ $health == 200 ]] && break
  [[ $(docker inspect -f '{{.State.Running}}' "$CONTAINER") == true ]] || fail "the container stopped"
  sleep 1
done
[[ $health == 200 ]] || fail "/healthz did not answer 200 within 120 s (last: $health)"
say "GET /healthz: 200 $(curl -s "$APP_URL/healthz")"

# Reads one field ("data.token") of the JSON in a file, with the container's node.
json_field() {
  docker exec -i "$CONTAINER" node -e '
    let text = "";
    process.stdin.on("data", (d) => (text += d)).on("end", () => {
      let value = JSON.parse(text);
      for (const key of process.argv[1].split(".")) value = value?.[key];
      if (value === undefined || value === null) process.exit(1);
      process.stdout.write(String(value));
    });' "$2" <"$1"
}

# ── 4. an account ───────────────────────────────────────────────────────────
step "Account: npm run user:create in the container"
docker exec "$CONTAINER" npm run --silent user:create -- \
  --email "$CHECK_EMAIL" --role admin --password "$CHECK_PASSWORD" \
  --first Docker --last Check --agency-name "Docker Check Agency" ||
  fail "npm run user:create failed"

# ── 5. sign-in: API and screen ──────────────────────────────────────────────
step "Sign-in"
status=$(curl -s -o "$WORK/login.json" -w '%{http_code}' -X POST "$APP_URL/api/auth/login" \
  -H 'Content-Type: application/json' \
  --data "{\"email\":\"$CHECK_EMAIL\",\"password\":\"$CHECK_PASSWORD\"}")
[[ $status == 200 ]] || fail "POST /api/auth/login: $status $(cat "$WORK/login.json")"
TOKEN=$(json_field "$WORK/login.json" data.token) || fail "POST /api/auth/login: no data.token in $(cat "$WORK/login.json")"
say "POST /api/auth/login: 200, a token"

status=$(curl -s -o "$WORK/login.html" -w '%{http_code}' "$APP_URL/login")
if [[ $status != 200 ]] || ! grep -q 'Sign in to your account' "$WORK/login.html"; then
  fail "GET /login: $status, without the sign-in form"
fi
status=$(curl -s -o /dev/null -D "$WORK/login.headers" -c "$WORK/cookies" -w '%{http_code}' \
  -X POST "$APP_URL/login" -H "Origin: $APP_URL" \
  --data-urlencode "email=$CHECK_EMAIL" --data-urlencode "password=$CHECK_PASSWORD" --data-urlencode "redirectTo=")
location=$(sed -n 's/^[Ll]ocation: *\([^[:space:]]*\).*/\1/p' "$WORK/login.headers")
[[ $status == 30[23] && $location == /dashboard ]] || fail "POST /login: $status to '$location' (expected a redirect to /dashboard)"
grep -q '__session' "$WORK/cookies" || fail "POST /login: no session cookie"
login_status=$status
status=$(curl -s -o "$WORK/dashboard.html" -b "$WORK/cookies" -w '%{http_code}' "$APP_URL/dashboard")
[[ $status == 200 ]] || fail "GET /dashboard with the session cookie: $status"
say "Sign-in screen: GET /login 200; POST /login $login_status to /dashboard; GET /dashboard with its cookie 200"

# ── 6. a 5 MB document ──────────────────────────────────────────────────────
step "Upload: a $UPLOAD_BYTES-byte PDF through POST /api/resources"
status=$(curl -s -o "$WORK/client.json" -w '%{http_code}' -X POST "$APP_URL/api/clients" \
  -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' --data @- <<'JSON'
{"firstName":"Eleanor","lastName":"Whitfield","email":"eleanor.whitfield@example.com",
 "phone":"(555) 123-4567","dateOfBirth":"1941-03-09",
 "emergencyContact":{"name":"Ruth Whitfield","relationship":"Daughter","phone":"555-987-6543"}}
JSON
)
[[ $status == 201 ]] || fail "POST /api/clients: $status $(cat "$WORK/client.json")"
CLIENT_ID=$(json_field "$WORK/client.json" data.client._id) || fail "POST /api/clients: no data.client._id"

# A small but well-formed PDF (one blank page, a cross-reference table) whose last object, a
# stream of filler, brings it to exactly `total` bytes: the server checks a file by its content.
make_pdf() {
  local out=$1 total=$2 offsets=() obj4 n next head4 xref o
  local end4=$'\nendstream\nendobj\n'
  printf '%%PDF-1.4\n%%\342\343\317\323\n' >"$out"
  offsets+=("$(stat -c %s "$out")")
  printf '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' >>"$out"
  offsets+=("$(stat -c %s "$out")")
  printf '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' >>"$out"
  offsets+=("$(stat -c %s "$out")")
  printf '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n' >>"$out"
  obj4=$(stat -c %s "$out")
  offsets+=("$obj4")
  # The filler's length n: the total depends on it through the digits of /Length and startxref,
  # so a few rounds settle it.
  n=$((total - obj4 - 200))
  for _ in 1 2 3 4 5; do
    printf -v head4 '4 0 obj\n<< /Length %d >>\nstream\n' "$n"
    printf -v xref 'xref\n0 5\n0000000000 65535 f \n'
    for o in "${offsets[@]}"; do printf -v xref '%s%010d 00000 n \n' "$xref" "$o"; done
    printf -v xref '%strailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' "$xref" \
      $((obj4 + ${#head4} + n + ${#end4}))
    next=$((total - obj4 - ${#head4} - ${#end4} - ${#xref}))
    [[ $next -eq $n ]] && break
    n=$next
  done
  [[ $n -gt 0 ]] || fail "CHECK_UPLOAD_BYTES=$total is too small for this PDF"
  {
    printf '%s' "$head4"
    head -c "$n" /dev/urandom
    printf '%s%s' "$end4" "$xref"
  } >>"$out"
}
PDF="$WORK/docker-check.pdf"
make_pdf "$PDF" "$UPLOAD_BYTES"
[[ $(stat -c %s "$PDF") -eq $UPLOAD_BYTES ]] || fail "made a PDF of $(stat -c %s "$PDF") bytes, not $UPLOAD_BYTES"

started=$(date +%s%N)
status=$(curl -s -o "$WORK/upload.json" -w '%{http_code}' -X POST "$APP_URL/api/resources" \
  -H "Authorization: Bearer $TOKEN" \
  -F "file=@$PDF;type=application/pdf;filename=docker-check.pdf" \
  -F relatedToType=Client -F "relatedToId=$CLIENT_ID" \
  -F "category=Medical Records" -F accessLevel=internal \
  -F "description=Uploaded by scripts/docker-check.sh")
upload_ms=$((($(date +%s%N) - started) / 1000000))
[[ $status == 201 || $status == 200 ]] || fail "POST /api/resources: $status $(cat "$WORK/upload.json")"
RESOURCE_ID=$(json_field "$WORK/upload.json" data.resource._id) || fail "POST /api/resources: no data.resource._id"
stored_size=$(json_field "$WORK/upload.json" data.resource.fileSize) || stored_size="?"
[[ $stored_size == "$UPLOAD_BYTES" ]] || fail "POST /api/resources: stored $stored_size bytes, sent $UPLOAD_BYTES"
say "POST /api/resources: $status in ${upload_ms} ms, resource $RESOURCE_ID, fileSize $stored_size"

status=$(curl -s -o "$WORK/download.pdf" -w '%{http_code}' -H "Authorization: Bearer $TOKEN" \
  "$APP_URL/api/resources/$RESOURCE_ID/download")
[[ $status == 200 ]] || fail "GET /api/resources/$RESOURCE_ID/download: $status"
downloaded=$(stat -c %s "$WORK/download.pdf")
[[ $downloaded -eq $UPLOAD_BYTES ]] || fail "downloaded $downloaded bytes, uploaded $UPLOAD_BYTES"
cmp -s "$PDF" "$WORK/download.pdf" || fail "the downloaded file differs from the uploaded one"
say "GET /api/resources/$RESOURCE_ID/download: 200, $downloaded bytes, the same bytes as sent"

# ── 7. Docker's HEALTHCHECK ─────────────────────────────────────────────────
step "HEALTHCHECK"
state=""
for _ in $(seq 1 90); do
  state=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$CONTAINER")
  [[ $state == healthy || $state == unhealthy ]] && break
  sleep 1
done
[[ $state == healthy ]] || fail "Docker's health status: '${state:-none}' (expected healthy)"
say "docker inspect: healthy"

step "Summary"
[[ -n $BUILD_SECONDS ]] && say "Build time: $(human_time "$BUILD_SECONDS")$BUILD_KIND"
say "Image size: $SIZE_LINE"
say "Checked: /healthz, user:create, API and screen sign-in, a $UPLOAD_BYTES-byte PDF stored and read back, HEALTHCHECK"
PASSED=1
