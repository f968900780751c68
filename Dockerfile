# The production image (docs/deploy.md): built here, run anywhere with the variables of README's table.

# Install every dependency and build the app.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only, in a stage of their own so the runtime image gets no npm cache.
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# What the server needs at run time: server.js, the build and the production dependencies.
FROM node:20-bookworm-slim AS runtime
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
