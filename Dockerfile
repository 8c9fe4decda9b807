# Kitwright server image: the API, the job workers and the exported web app in one image; the
# process's role is chosen at run time (`--role api|worker|all`, default all).
#
#   docker build -t kitwright .
#   docker run -e DATABASE_URL=... kitwright --role api
#   docker run -e DATABASE_URL=... kitwright --role worker
#
# Not built in this repository's CI (its machines have no container runtime): the topology that
# is tested is `npm run topology`; smoke/test/container.test.ts keeps this file in step with the
# repository (every COPY source exists, the entry point and health path are the server's).

# ---- deps: every workspace's dependencies, exactly as the lockfile says ----------------------
FROM node:20.19-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/copy/package.json packages/copy/
COPY packages/mesher/package.json packages/mesher/
COPY packages/sdk/package.json packages/sdk/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund

# ---- build: the web app exported to static files (apps/web/dist) ------------------------------
FROM deps AS build
COPY tsconfig.base.json ./
COPY packages packages
COPY apps apps
RUN npm run export -w apps/web

# ---- runtime: production dependencies only, the sources run by tsx, a non-root user -----------
FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    SERVE_WEB=true \
    WEB_BUILD_ON_START=false
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/copy/package.json packages/copy/
COPY packages/mesher/package.json packages/mesher/
COPY packages/sdk/package.json packages/sdk/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/packages packages
COPY --from=build /app/apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
RUN groupadd --system kitwright && useradd --system --gid kitwright --home-dir /app kitwright \
    && mkdir -p /app/data && chown kitwright:kitwright /app/data
USER kitwright
EXPOSE 3000
# Liveness only (no dependency checks); orchestrators use /api/readyz for readiness. A worker
# (`--role worker`) serves no HTTP: compose.yaml turns this check off for it.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "--import", "tsx", "apps/server/src/main.ts"]
CMD ["--role", "all"]
