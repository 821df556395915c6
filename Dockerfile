# syntax=docker/dockerfile:1
# One image for the edge and the gateway agent (docker-compose.yml runs both from it).
# Node 20 on Debian: @node-rs/argon2 ships glibc prebuilds, so nothing is compiled here.

# --- manifests: only the package files, so `npm ci` stays cached until a dependency changes ---
FROM node:20-bookworm-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json -o -name .npmrc \) -print \
    | xargs -I{} cp --parents {} /manifests

# --- build: every dependency, then the web app (Vite) ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /manifests ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --workspace @opencare/web

# --- runtime: production dependencies, the sources (run by tsx) and the built web app ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=manifests /manifests ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --chown=node:node . .
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
# The embedded mode keeps files under ./data; the scaled mode (DATABASE_URL, JWT_SECRET) writes nothing there.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
CMD ["npx", "tsx", "apps/edge/src/server.ts"]
