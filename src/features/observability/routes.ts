// GET /metrics for Prometheus: off until METRICS_TOKEN is set, then only with that bearer token
// (the figures say how busy each broker's portal is, which is nobody else's business).
import { Elysia } from "elysia";
import { createHash, timingSafeEqual } from "node:crypto";
import pkg from "../../../package.json" with { type: "json" };
import { contextSeed, type AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { countJobsByStatus } from "../../lib/jobs.ts";
import { NotJson } from "../../lib/model.ts";
import { countEmailsByStatus } from "../mail/service.ts";
import type { LiveHub } from "../live/hub.ts";
import type { HttpMetrics } from "./http-metrics.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests so the time taken says nothing about how much of the token was right. */
function holdsToken(authorization: string | null, token: string): boolean {
  const given = authorization?.match(/^Bearer (.+)$/)?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export const metricsRoutes = (ctx: AppContext, hub: LiveHub, metrics: HttpMetrics) =>
  new Elysia({ name: "metrics", seed: contextSeed(ctx) }).get("/metrics", async ({ request, set }) => {
    const token = ctx.config.metricsToken;
    if (!token) throw new AppError("not_found", "Metrics are off. Set METRICS_TOKEN to turn them on.");
    if (!holdsToken(request.headers.get("authorization"), token)) {
      set.headers["www-authenticate"] = "Bearer";
      throw new AppError("unauthorized", "Send the METRICS_TOKEN as Authorization: Bearer <token>");
    }
    const body = metrics.render({ jobs: await countJobsByStatus(ctx.db), emails: await countEmailsByStatus(ctx), sockets: hub.counts() }, pkg.version);
    return new Response(body, { headers: { ...(set.headers as Record<string, string>), "content-type": "text/plain; version=0.0.4; charset=utf-8" } });
  }, { response: NotJson });
