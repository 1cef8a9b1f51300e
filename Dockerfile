# One build stage makes the single-file `portal` executable; the runtime image holds only that
# file, runs it as a non-root user, and keeps all state in the /data volume.
# Build: docker build -t broker-portal .   Run: docker run -p 3000:3000 -v portal-data:/data broker-portal
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx bun run compile

FROM debian:bookworm-slim
# CA certificates for SMTP over TLS and the payment provider's API.
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin portal \
  && mkdir -p /data && chown portal:portal /data
COPY --from=build /src/portal /usr/local/bin/portal
USER portal
ENV DATA_DIR=/data PORT=3000
VOLUME ["/data"]
EXPOSE 3000
ENTRYPOINT ["portal"]
CMD ["serve"]
