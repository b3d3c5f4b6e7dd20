# syntax=docker/dockerfile:1
# Lingocast in one image: the web and worker processes of compose.yaml (PROCESS_ROLE), or one
# process with the embedded database under the /data volume. README: "Running with Docker / compose".

# Build: every dependency, then the console bundle (apps/console/dist) and its server renderer of
# screens with data (apps/console/dist-ssr, decision 0021), the server compiled to
# JavaScript (apps/server/dist/server) and the migrated embedded database a first start copies
# (apps/server/dist/pgdata-template).
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/console/package.json apps/console/
RUN npm ci
COPY . .
RUN npm run build

# What runs: production dependencies only (no test runner, browser driver or bundler), the sources
# the built server reads beside it (migrations, the PGlite worker, demo content) and the CLIs run
# through tsx (backup, restore, doctor).
FROM node:24-bookworm AS app
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/console/package.json apps/console/
RUN npm ci --omit=dev
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY scripts scripts

FROM node:24-bookworm-slim AS runtime
# The Debian packages the server runs (names from the tests' list, scripts/test-prerequisites.sh): ffmpeg
# for media (newer than the npm build npm ci brings), pocketsphinx and its en-us model for transcripts
# and alignment, and bilingual dictionaries for meanings in the learner's language: FreeDict's
# English-German, -French, -Spanish, -Portuguese, -Italian, -Arabic and -Turkish (dictd files in
# /usr/share/dictd, 24 MB in all, German 19 MB of it) and EDICT for Japanese. More: README, "Words you know".
# Not chromium or espeak-ng: only the tests use them.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us \
    dict-freedict-eng-deu dict-freedict-eng-fra dict-freedict-eng-spa dict-freedict-eng-por \
    dict-freedict-eng-ita dict-freedict-eng-ara dict-freedict-eng-tur edict \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=app /app ./
COPY --from=build /app/apps/console/dist apps/console/dist
COPY --from=build /app/apps/console/dist-ssr apps/console/dist-ssr
COPY --from=build /app/apps/server/dist apps/server/dist

# Inside a container the server must listen beyond loopback; DATA_DIR holds the embedded database
# and stored files (or only temporary files with DATABASE_URL and STORAGE_URL).
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# What npm start sets too: glibc's malloc keeps fewer arenas for the database's and the pools' threads (about 55 MB less at rest).
ENV MALLOC_ARENA_MAX=2
RUN mkdir -p /data && chown node:node /data
VOLUME /data
# The node image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# /healthz answers without the database: a slow database never gets a healthy process restarted.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm start without its build step (the console and the server are built above); node itself is PID 1 and gets SIGTERM.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "apps/server/dist/server/main.js"]
