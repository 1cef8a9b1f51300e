import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { brokerAuth } from "../auth/plugin.ts";
import { Message } from "../../lib/model.ts";
import { BulkDueDateBody, BulkDueDateResponse, DocumentDto, DocumentIdParams, DueDateBody, VerifyBody } from "./model.ts";
import { setBulkDueDate, setDueDate, verifyDocument } from "./review.ts";
import { deleteDocument, parseDueDates, toDocumentDto } from "./service.ts";

export const documentRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api/documents" })
    .use(brokerAuth(ctx))
    .guard({ broker: true }, (app) =>
      app
        .post(
          "/:id/verify",
          ({ broker, params, body }) => {
            return toDocumentDto(verifyDocument(ctx, broker, params.id, body));
          },
          { params: DocumentIdParams, body: VerifyBody, response: DocumentDto },
        )
        .put(
          "/bulk-due-date",
          ({ broker, body }) => {
            const { dueDate, reminderAt } = parseDueDates(body, ctx.clock.now(), { required: true });
            const docs = setBulkDueDate(ctx, broker.id, body.documentIds, dueDate!, reminderAt);
            return { updated: docs.length, documents: docs.map(toDocumentDto) };
          },
          { body: BulkDueDateBody, response: BulkDueDateResponse },
        )
        .put(
          "/:id/due-date",
          ({ broker, params, body }) => {
            const { dueDate, reminderAt } = parseDueDates(body, ctx.clock.now(), { required: true });
            return toDocumentDto(setDueDate(ctx, broker.id, params.id, dueDate!, reminderAt));
          },
          { params: DocumentIdParams, body: DueDateBody, response: DocumentDto },
        )
        .delete(
          "/:id",
          ({ broker, params }) => {
            deleteDocument(ctx, broker.id, params.id);
            return { message: "Document removed" };
          },
          { params: DocumentIdParams, response: Message },
        ),
    );
