# syntax=docker/dockerfile:1
# Production image of the portal: the API serving the built SPA on one port.
# Stage 1 installs and builds the workspace; stage 2 keeps only the API's production
# dependencies, its bundle and the web build, and runs as the unprivileged `node` user.
# No compiler: argon2 loads its prebuilt N-API binary (linux x64 and arm64, glibc) on Node 24.

ARG NODE_VERSION=24
FROM node:${NODE_VERSION}-bookworm-slim AS build
ENV CI=true PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN npm install -g pnpm@10.34.8
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile
RUN pnpm --filter @portal/web build && pnpm --filter @portal/api build
# A self-contained folder with the API's production dependencies (workspace packages are
# bundled into dist by tsup, their own dependencies come along here).
RUN pnpm --filter @portal/api deploy --prod --legacy /out \
  && rm -rf /out/dist && cp -r apps/api/dist /out/dist \
  && mkdir -p /out/web /out/dist-ssr && cp -r apps/web/dist/. /out/web/ && cp -r apps/web/dist-ssr/. /out/dist-ssr/

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/web
WORKDIR /app
COPY --from=build --chown=node:node /out /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=8", "dist/main.js"]
