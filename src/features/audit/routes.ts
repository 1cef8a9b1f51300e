import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams, NotJson } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import type { PublicUser } from "../auth/model.ts";
import { brokerActor, type KeyName, type RequestOrigin } from "./actor.ts";
import { auditDownload, recordTrailExport, type AuditFormat } from "./export.ts";
import { AuditPage, AuditPageQuery } from "./model.ts";
import { customerAuditPage } from "./service.ts";
import type { Scope } from "../../shared/workspaces.ts";

// Members only, the customers they see only (another workspace's id answers 404 like a missing one).
export const auditRoutes = (ctx: AppContext) => {
  // The file is made first (a 404 records nothing), then its export is recorded.
  const download = async (format: AuditFormat, { broker, apiKey, member, params, request, server }: Omit<RequestOrigin, "request"> & { broker: PublicUser; apiKey: KeyName | null; member: Scope; params: { id: string }; request: Request }) => {
    const input = { member, customerId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }), format };
    const response = await auditDownload(ctx, input);
    await recordTrailExport(ctx, input);
    return response;
  };
  return new Elysia({ name: "audit", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .get("/customer/:id/audit", ({ member, params, query }) => customerAuditPage(ctx, { member, customerId: params.id, ...query }), {
      broker: "read",
      params: IdParams,
      query: AuditPageQuery,
      response: AuditPage,
    })
    .get("/customer/:id/audit.csv", (c) => download("csv", c), { broker: "read", params: IdParams, response: NotJson })
    .get("/customer/:id/audit.pdf", (c) => download("pdf", c), { broker: "read", params: IdParams, response: NotJson });
};
