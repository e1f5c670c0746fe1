# One image for every Layerloom process: web nodes run the default command, workers `npm run worker`.
# Unverified on the development machine (it has no Docker); see README, "Running at scale".

FROM node:22-slim AS build
WORKDIR /app
# node-gyp compiles the engine's PNG encoder (and better-sqlite3 when its prebuilt binary is not found).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/api/package.json packages/api/
COPY packages/contracts/package.json packages/contracts/
COPY packages/engine/package.json packages/engine/binding.gyp packages/engine/
COPY packages/engine/native packages/engine/native
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:22-slim
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# DATA_DIR keeps only what is not shared (the dev outbox, the SQLite file when no DATABASE_URL is set).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "packages/server/dist/server.js"]
