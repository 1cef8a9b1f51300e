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
    .guard({ broker: true }, (app) =>
      app
        .post("/:id/verify", async ({ broker, member, params, body, request, server }) => toDocumentDto(await verifyDocument(ctx, { ...body, broker, member, documentId: params.id, actor: brokerActor(ctx, { broker, request, server }), onApproved: hooks.onApproved })), {
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
          { body: BulkDueDateBody, response: BulkDueDateResponse },
        )
        .put("/:id/due-date", async ({ member, params, body }) => toDocumentDto(await setDueDate(ctx, { ...body, member, documentId: params.id })), {
          params: IdParams,
          body: DueDateBody,
          response: DocumentDto,
        })
        // The rules a request without its own is held to (this server's standard).
        .get("/acceptance-rules/standard", () => effectiveRules(ctx, null), { response: AcceptanceRulesDto })
        .put(
          "/:id/acceptance-rules",
          async ({ member, params, body }) => toDocumentDto(await setAcceptanceRules(ctx, { member, documentId: params.id, rules: body.rules })),
          { params: IdParams, body: AcceptanceRulesBody, response: DocumentDto },
        )
        .post(
          "/:id/unavailable",
          async ({ broker, member, params, body, request, server }) =>
            toDocumentDto(await decideUnavailable(ctx, { member, documentId: params.id, decision: body.decision, actor: brokerActor(ctx, { broker, request, server }) })),
          { params: IdParams, body: UnavailableDecisionBody, response: DocumentDto },
        )
        .delete(
          "/:id",
          async ({ broker, member, params, request, server }) => {
            await deleteDocument(ctx, { member, documentId: params.id, actor: brokerActor(ctx, { broker, request, server }) });
            return { message: "Document removed" };
          },
          { params: IdParams, response: Message },
        ),
    );
