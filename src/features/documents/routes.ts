import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams, Message } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { brokerActor } from "../audit/actor.ts";
import { effectiveRules } from "../document-checks/service.ts";
import { AcceptanceRulesDto } from "../document-checks/model.ts";
import { decideUnavailable, setAcceptanceRules } from "./answers.ts";
import { AcceptanceRulesBody, BulkDueDateBody, BulkDueDateResponse, DocumentDto, DueDateBody, UnavailableDecisionBody, VerifyBody } from "./model.ts";
import { setBulkDueDate, setDueDate, verifyDocument, type AfterApproval } from "./review.ts";
import { deleteDocument, toDocumentDto } from "./service.ts";

/** `onApproved`: handed down by src/app.ts from a feature above (expiry). */
export const documentRoutes = (ctx: AppContext, hooks: { onApproved?: AfterApproval } = {}) =>
  new Elysia({ name: "documents", seed: contextSeed(ctx), prefix: "/api/documents" })
    .use(access(ctx))
    .post("/:id/verify", async ({ broker, apiKey, member, params, body, request, server }) => toDocumentDto(await verifyDocument(ctx, { ...body, broker, member, documentId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }), onApproved: hooks.onApproved })), {
      broker: "write",
      params: IdParams,
      body: VerifyBody,
      response: DocumentDto,
    })
    .put(
      "/bulk-due-date",
      async ({ member, body }) => {
        const docs = await setBulkDueDate(ctx, { ...body, member });
        return { updated: docs.length, documents: docs.map(toDocumentDto) };
      },
      { broker: "write", body: BulkDueDateBody, response: BulkDueDateResponse },
    )
    .put("/:id/due-date", async ({ member, params, body }) => toDocumentDto(await setDueDate(ctx, { ...body, member, documentId: params.id })), {
      broker: "write",
      params: IdParams,
      body: DueDateBody,
      response: DocumentDto,
    })
    // The rules a request without its own is held to (this server's standard).
    .get("/acceptance-rules/standard", () => effectiveRules(ctx, null), { broker: "read", response: AcceptanceRulesDto })
    .put(
      "/:id/acceptance-rules",
      async ({ member, params, body }) => toDocumentDto(await setAcceptanceRules(ctx, { member, documentId: params.id, rules: body.rules })),
      { broker: "write", params: IdParams, body: AcceptanceRulesBody, response: DocumentDto },
    )
    .post(
      "/:id/unavailable",
      async ({ broker, apiKey, member, params, body, request, server }) =>
        toDocumentDto(await decideUnavailable(ctx, { member, documentId: params.id, decision: body.decision, actor: brokerActor(ctx, { broker, apiKey, request, server }) })),
      { broker: "write", params: IdParams, body: UnavailableDecisionBody, response: DocumentDto },
    )
    .delete(
      "/:id",
      async ({ broker, apiKey, member, params, request, server }) => {
        await deleteDocument(ctx, { member, documentId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }) });
        return { message: "Document removed" };
      },
      { broker: "write", params: IdParams, response: Message },
    );
