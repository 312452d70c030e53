# One container: the single binary (web app and migrations inside) on a slim Debian.
#   docker build -t nfl-paper-trading .
#   docker run -d --name nfl -p 3000:3000 -v nfl-data:/data nfl-paper-trading
# (mount a volume at /data: the image declares none, so compose leaves no anonymous volumes behind)
# See docs/operations.md "Docker" for settings and CLI commands.

# --- build: Node + npm install Bun from the npm registry, Bun compiles the binary ---------------
# Node 24: LTS, supported until April 2028.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# The build needs no dev dependency. Without them the bundle lacks only supports-color, which `debug`
# (under elysia) would use to colour its output: the same program, installed in half the time.
# bun's postinstall puts its real binary in place; fail here, not later, if it did not.
RUN npm ci --omit=dev --no-audit --no-fund && node_modules/.bin/bun --version
COPY . .
RUN npm run build && ./dist/nfl-paper-trading --help > /dev/null

# --- runtime ---------------------------------------------------------------------------------
FROM debian:bookworm-slim
# CA certificates for the real odds providers (HTTPS). No curl: the binary checks its own health.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid app --home-dir /data --shell /usr/sbin/nologin app \
 && mkdir -p /data && chown app:app /data
COPY --from=build /src/dist/nfl-paper-trading /usr/local/bin/nfl-paper-trading

# The source commit, for npt_build_info on /metrics: docker build --build-arg BUILD_COMMIT=$(git rev-parse HEAD) .
ARG BUILD_COMMIT=""
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/data/nfl-paper-trading.db \
    BUILD_COMMIT=${BUILD_COMMIT}
# /data is a directory, not a file: SQLite keeps its -wal and -shm files beside the database. No
# VOLUME here: every container would get an anonymous one (compose's app processes, on PostgreSQL,
# would leave two per up/down); mount a named volume or a host folder owned by uid 10001.
WORKDIR /data
USER app
EXPOSE 3000
# `healthcheck` asks this container's serve for /readyz (database, migrations, not draining): exit 0 or 1.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["/usr/local/bin/nfl-paper-trading", "healthcheck"]
# serve stops accepting, finishes requests, closes sockets and checkpoints the WAL on SIGTERM.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/nfl-paper-trading"]
CMD ["serve"]
