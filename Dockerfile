# One container: the single binary (web app and migrations inside) on a slim Debian.
#   docker build -t nfl-paper-trading .
#   docker run -d --name nfl -p 3000:3000 -v nfl-data:/data nfl-paper-trading
# See README.md "Docker" for settings and CLI commands.

# --- build: Node + npm install Bun from the npm registry, Bun compiles the binary ---------------
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# bun's postinstall puts its real binary in place; fail here, not later, if it did not.
RUN npm ci --no-audit --no-fund && node_modules/.bin/bun --version
COPY . .
RUN npm run build && ./dist/nfl-paper-trading --help > /dev/null

# --- runtime ---------------------------------------------------------------------------------
FROM debian:bookworm-slim
# curl for the HEALTHCHECK; CA certificates for the real odds providers (HTTPS).
RUN apt-get update \
 && apt-get install -y --no-install-recommends curl ca-certificates \
 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 app \
 && useradd --system --uid 10001 --gid app --home-dir /data --shell /usr/sbin/nologin app \
 && mkdir -p /data && chown app:app /data
COPY --from=build /src/dist/nfl-paper-trading /usr/local/bin/nfl-paper-trading

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/data/nfl-paper-trading.db
# A directory, not a file: SQLite keeps its -wal and -shm files beside the database.
VOLUME /data
WORKDIR /data
USER app
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${PORT}/api/health" > /dev/null || exit 1
# serve stops accepting, finishes requests, closes sockets and checkpoints the WAL on SIGTERM.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/nfl-paper-trading"]
CMD ["serve"]
