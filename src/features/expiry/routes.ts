import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams } from "../../lib/model.ts";
import { EXPIRING_SOON_DAYS } from "../../shared/reminder-cadence.ts";
import { access } from "../access/plugin.ts";
import { CustomerExpiriesResponse, ExpiringDocumentsResponse, ExpiryBody, ExpiryResponse } from "./model.ts";
import { customerExpiries, expiringDocuments, setDocumentExpiry } from "./service.ts";

export const expiryRoutes = (ctx: AppContext) =>
  new Elysia({ name: "expiry", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .put("/documents/:id/expiry", async ({ member, params, body }) => setDocumentExpiry(ctx, { member, documentId: params.id, expiresOn: body.expiresOn }), {
      broker: "write",
      params: IdParams,
      body: ExpiryBody,
      response: ExpiryResponse,
    })
    .get("/customers/:id/document-expiries", async ({ member, params }) => ({ documents: await customerExpiries(ctx, { member, customerId: params.id }) }), {
      broker: "read",
      params: IdParams,
      response: CustomerExpiriesResponse,
    })
    .get("/dashboard/expiring-documents", async ({ member }) => ({ documents: await expiringDocuments(ctx, member), withinDays: EXPIRING_SOON_DAYS }), {
      broker: "read",
      response: ExpiringDocumentsResponse,
    });
