# Giro as an image (issue 19; docs/operations.md). Not built on the machine this was written on
# (no container runtime there): see "What was run here" in docs/operations.md.
#
# Stage 1 builds the web app with every dependency; stage 2 holds the server's production
# dependencies, the sources it runs (TypeScript through tsx, as `npm start` does) and the built
# web app, and runs as a user without privileges.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages ./packages
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data \
    SKIP_WEB_BUILD=1
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund -w @giro/server -w @giro/contract -w @giro/domain \
    && npm cache clean --force
COPY tsconfig.base.json ./
COPY scripts/start.mjs scripts/
COPY packages/domain/src packages/domain/src
COPY packages/contract/src packages/contract/src
COPY packages/server/src packages/server/src
COPY packages/server/tsconfig.json packages/server/
COPY --from=build /app/packages/web/dist packages/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
# PGlite's files, the lock file and generated secrets (unused with DATABASE_URL, but the
# secrets still land here unless SESSION_SECRET and the VAPID keys are given).
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server is this process (scripts/start.mjs imports it): SIGTERM reaches it directly.
CMD ["node", "scripts/start.mjs"]
