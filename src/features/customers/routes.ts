import { Elysia, t } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams, Message } from "../../lib/model.ts";
import type { ResponseSet } from "../../lib/read-cache.ts";
import { access } from "../access/plugin.ts";
import { brokerActor } from "../audit/actor.ts";
import type { PublicUser } from "../auth/model.ts";
import { DocumentList } from "../documents/model.ts";
import { toDocumentDto } from "../documents/service.ts";
import {
  CreateCustomerBody,
  CustomerDetailDto,
  CustomerList,
  CustomerPage,
  CustomerPageQuery,
  DocumentLimit,
  RequestDocumentsBody,
  RequestedDocuments,
  UpdateCustomerBody,
} from "./model.ts";
import { createCustomer, requestDocuments } from "./requests.ts";
import {
  customerDetail,
  customerDocuments,
  deleteCustomer,
  documentLimit,
  listCustomers,
  asksForPage,
  pageCustomers,
  resendInvitation,
  updateCustomer,
} from "./service.ts";

export const customerRoutes = (ctx: AppContext) => {
  // The hot reads (the list, one customer, its documents and limit) answer with JSON cached until the database changes.
  // A ready Response (src/lib/read-cache.ts), checked against its route's schema when computed.
  const customerList = async (set: ResponseSet, broker: PublicUser) =>
    ctx.cache.response(set, `customers:${broker.id}`, CustomerList, async () => listCustomers(ctx, broker));
  const customerPage = async (set: ResponseSet, broker: PublicUser, query: CustomerPageQuery) =>
    ctx.cache.response(set, `customers-page:${broker.id}:${JSON.stringify(query)}`, CustomerPage, async () => pageCustomers(ctx, broker, query));
  return new Elysia({ name: "customers", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        .get("/customers", ({ broker, set }) => customerList(set, broker), { response: CustomerList })
        // The same list (invitation fields are part of every customer); with ?page&pageSize&q&status&sort
        // one page of it, searched, filtered and sorted on the server (All Customers).
        // A page is cached like the list (until any write), under every parameter that shapes it.
        .get("/all-customers", ({ broker, query, set }) => (asksForPage(query) ? customerPage(set, broker, query) : customerList(set, broker)), {
          query: CustomerPageQuery,
          response: t.Union([CustomerList, CustomerPage]),
        })
        .post(
          "/customers",
          async ({ broker, body, status, request, server }) => status(201, await createCustomer(ctx, { ...body, broker, actor: brokerActor(ctx, { broker, request, server }) })),
          { body: CreateCustomerBody, response: { 201: CustomerDetailDto } },
        )
        .get(
          "/customer/:id",
          async ({ broker, params, set }) => ctx.cache.response(set, `customer:${broker.id}:${params.id}`, CustomerDetailDto, async () => customerDetail(ctx, { broker, customerId: params.id })),
          { params: IdParams, response: CustomerDetailDto },
        )
        .get(
          "/customer/:id/documents",
          async ({ broker, params, set }) =>
            ctx.cache.response(set, `customer-documents:${broker.id}:${params.id}`, DocumentList, async () => customerDocuments(ctx, { brokerId: broker.id, customerId: params.id })),
          { params: IdParams, response: DocumentList },
        )
        .get(
          "/customers/:id/document-limit",
          async ({ broker, params, set }) =>
            ctx.cache.response(set, `document-limit:${broker.id}:${params.id}`, DocumentLimit, async () => documentLimit(ctx, { brokerId: broker.id, customerId: params.id })),
          { params: IdParams, response: DocumentLimit },
        )
        .put("/customers/:id", async ({ broker, params, body }) => updateCustomer(ctx, { ...body, broker, customerId: params.id }), {
          params: IdParams,
          body: UpdateCustomerBody,
          response: CustomerDetailDto,
        })
        .delete(
          "/customers/:id",
          async ({ broker, params, request, server }) => {
            await deleteCustomer(ctx, { brokerId: broker.id, customerId: params.id, actor: brokerActor(ctx, { broker, request, server }) });
            return { message: "Customer deleted" };
          },
          { params: IdParams, response: Message },
        )
        .post(
          "/customers/:id/resend-invitation",
          async ({ broker, params, request, server }) => {
            await resendInvitation(ctx, { broker, customerId: params.id, actor: brokerActor(ctx, { broker, request, server }) });
            return { message: "Invitation resent" };
          },
          { params: IdParams, response: Message },
        )
        .post(
          "/customers/:id/request-documents",
          async ({ broker, params, body, status, request, server }) =>
            status(201, { documents: (await requestDocuments(ctx, { ...body, broker, customerId: params.id, actor: brokerActor(ctx, { broker, request, server }) })).map(toDocumentDto) }),
          { params: IdParams, body: RequestDocumentsBody, response: { 201: RequestedDocuments } },
        ),
    );
};
