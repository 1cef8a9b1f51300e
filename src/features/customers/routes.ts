import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { jsonResponse } from "../../lib/read-cache.ts";
import type { PublicUser } from "../auth/model.ts";
import { brokerAuth } from "../auth/plugin.ts";
import { toDocumentDto } from "../documents/service.ts";
import { CreateCustomerBody, IdParams, RequestDocumentsBody, UpdateCustomerBody } from "./model.ts";
import { createCustomer, requestDocuments } from "./requests.ts";
import {
  customerDetail,
  customerDocuments,
  deleteCustomer,
  documentLimit,
  listCustomers,
  resendInvitation,
  updateCustomer,
} from "./service.ts";

export const customerRoutes = (ctx: AppContext) => {
  const customerList = (broker: PublicUser) => jsonResponse(ctx.cache.json(`customers:${broker.id}`, () => listCustomers(ctx, broker)));
  return new Elysia({ prefix: "/api" })
    .use(brokerAuth(ctx))
    .guard({ broker: true }, (app) =>
      app
        .get("/customers", ({ broker }) => customerList(broker))
        // The same list: invitation fields are part of every customer.
        .get("/all-customers", ({ broker }) => customerList(broker))
        .post(
          "/customers",
          ({ broker, body, set }) => {
            set.status = 201;
            return createCustomer(ctx, broker, body);
          },
          { body: CreateCustomerBody },
        )
        .get(
          "/customer/:id",
          ({ broker, params }) => jsonResponse(ctx.cache.json(`customer:${broker.id}:${params.id}`, () => customerDetail(ctx, broker, params.id))),
          { params: IdParams },
        )
        .get("/customer/:id/documents", ({ broker, params }) => customerDocuments(ctx, broker.id, params.id), { params: IdParams })
        .get("/customers/:id/document-limit", ({ broker, params }) => documentLimit(ctx, broker.id, params.id), { params: IdParams })
        .put("/customers/:id", ({ broker, params, body }) => updateCustomer(ctx, broker, params.id, body), {
          params: IdParams,
          body: UpdateCustomerBody,
        })
        .delete(
          "/customers/:id",
          ({ broker, params }) => {
            deleteCustomer(ctx, broker.id, params.id);
            return { message: "Customer deleted" };
          },
          { params: IdParams },
        )
        .post(
          "/customers/:id/resend-invitation",
          ({ broker, params }) => {
            resendInvitation(ctx, broker, params.id);
            return { message: "Invitation resent" };
          },
          { params: IdParams },
        )
        .post(
          "/customers/:id/request-documents",
          ({ broker, params, body, set }) => {
            set.status = 201;
            return { documents: requestDocuments(ctx, broker, params.id, body).map(toDocumentDto) };
          },
          { params: IdParams, body: RequestDocumentsBody },
        ),
    );
};
