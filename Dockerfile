# The production image (docs/deploy.md): built here, run anywhere with the variables of README's table.

# Install every dependency and build the app.
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The npm settings of a registry other than the public one (a mirror, a token) come in as a build secret,
# `--secret id=npmrc,src=<an .npmrc>`, mounted for this command only: no layer keeps them. --ignore-scripts:
# the image's own Node runs everything, and no dependency's install script is needed to build (decision 007:
# the approved ones fetch the development Node and link the local database's libraries).
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only, in a stage of their own so the runtime image gets no npm cache. Without
# --omit=optional npm would also install the optional peers that production packages accept and our dev
# tools bring (TypeScript, @types/*: "devOptional" in the lock). No production package has an optional
# dependency of its own; tests/unit/lockfile.test.ts fails the day one does.
FROM node:26-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc \
	npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund

# What the server needs at run time: server.js, the build and the production dependencies.
FROM node:26-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=dependencies --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --chown=root:root package.json server.js ./
# Files owned by root, process run as node: the app cannot rewrite its own code.
USER node
EXPOSE 3000
# /healthz answers whatever the Host and touches nothing: it says the process is alive (readiness is /readyz).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
	CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm: SIGTERM reaches the server, which drains its requests before exiting.
CMD ["node", "server.js"]
