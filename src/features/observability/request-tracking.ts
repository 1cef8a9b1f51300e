// Every request gets an id (returned as X-Request-Id, written in any error it causes), one JSON
// log line when it is answered, and a place in /metrics. The line holds the route pattern, not
// the path or query: paths carry upload links and query strings carry signed-link signatures.
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { assignRequestId, errorStatusOf, requestIdOf, requestStartOf } from "../../lib/request-context.ts";
import type { HttpMetrics } from "./http-metrics.ts";

const UPLOAD_ROUTE = /^\/api\/upload\/:[^/]+\/documents\/:[^/]+$/;
/** Probes arrive every few seconds; their lines are for debugging only. */
const PROBE_ROUTES: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);

export const requestTracking = (ctx: AppContext, metrics: HttpMetrics) =>
  new Elysia({ name: "request-tracking", seed: contextSeed(ctx) })
    .onRequest(({ request, set }) => {
      set.headers["x-request-id"] = assignRequestId(request);
    })
    .onAfterResponse({ as: "global" }, ({ request, route, set, responseValue }) => {
      const start = requestStartOf(request);
      if (start === undefined) return;
      const seconds = (performance.now() - start) / 1000;
      const pattern = route || "unmatched";
      // A handler that returns a Response (the OIDC redirects, file downloads) sends that
      // Response's status, whatever set.status says.
      const sent = responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200;
      const status = errorStatusOf(request) ?? (!route ? 404 : sent);
      const isUpload = request.method === "POST" && UPLOAD_ROUTE.test(pattern) && status < 300;
      const uploadBytes = isUpload ? Number(request.headers.get("content-length") ?? 0) || 0 : undefined;
      metrics.record({ method: request.method, route: pattern, status, seconds, uploadBytes });
      const record = {
        msg: "request",
        requestId: requestIdOf(request),
        method: request.method,
        route: pattern,
        status,
        durationMs: Math.round(seconds * 10_000) / 10,
      };
      const level = PROBE_ROUTES.has(pattern) ? "debug" : status >= 500 ? "error" : "info";
      if (ctx.log.json) ctx.log.json(level, record);
      else ctx.log[level]("request", record);
    });
