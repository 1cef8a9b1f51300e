import { Elysia, t } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { IdParams, Message } from "../../lib/model.ts";
import type { ResponseSet } from "../../lib/read-cache.ts";
import { access } from "../access/plugin.ts";
import { brokerActor } from "../audit/actor.ts";
import { DocumentList } from "../documents/model.ts";
import { toDocumentDto } from "../documents/service.ts";
import { assignCustomer, reassignCustomers } from "./assignment.ts";
import { setWatchers } from "./watchers.ts";
import {
  AssigneeBody,
  CreateCustomerBody,
  CustomerListQuery,
  ReassignBody,
  Reassigned,
  CustomerDetailDto,
  CustomerList,
  CustomerPage,
  CustomerPageQuery,
  DocumentLimit,
  RequestDocumentsBody,
  RequestedDocuments,
  UpdateCustomerBody,
  Watchers,
  WatchersBody,
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
import type { Scope } from "../../shared/workspaces.ts";

export const customerRoutes = (ctx: AppContext) => {
  // The hot reads (the list, one customer, its documents and limit) answer with JSON cached until the database changes.
  // A ready Response (src/lib/read-cache.ts), checked against its route's schema when computed.
  // Keyed by the member: what a list holds depends on who may see which customer.
  const customerList = async (set: ResponseSet, member: Scope, query: CustomerListQuery = {}) =>
    ctx.cache.response(set, `customers:${member.memberId}:${query.assignee ?? ""}`, CustomerList, async () => listCustomers(ctx, { member }, query));
  const customerPage = async (set: ResponseSet, member: Scope, query: CustomerPageQuery) =>
    ctx.cache.response(set, `customers-page:${member.memberId}:${JSON.stringify(query)}`, CustomerPage, async () => pageCustomers(ctx, { member }, query));
  return new Elysia({ name: "customers", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .get("/customers", ({ member, query, set }) => customerList(set, member, query), { broker: "read", query: CustomerListQuery, response: CustomerList })
    // The same list (invitation fields are part of every customer); with ?page&pageSize&q&status&sort
    // one page of it, searched, filtered and sorted on the server (All Customers).
    // A page is cached like the list (until any write), under every parameter that shapes it.
    // ?assignee narrows either answer ("Mine", a colleague's) and is no reason for a page by itself.
    .get("/all-customers", ({ member, query, set }) => (asksForPage(query) ? customerPage(set, member, query) : customerList(set, member, { assignee: query.assignee })), {
      broker: "read",
      query: CustomerPageQuery,
      response: t.Union([CustomerList, CustomerPage]),
    })
    .post(
      "/customers",
      async ({ broker, apiKey, member, body, status, request, server }) => status(201, await createCustomer(ctx, { ...body, broker, member, actor: brokerActor(ctx, { broker, apiKey, request, server }) })),
      { broker: "write", body: CreateCustomerBody, response: { 201: CustomerDetailDto } },
    )
    .get(
      "/customer/:id",
      async ({ broker, member, params, set }) => ctx.cache.response(set, `customer:${broker.id}:${params.id}`, CustomerDetailDto, async () => customerDetail(ctx, { member, customerId: params.id })),
      { broker: "read", params: IdParams, response: CustomerDetailDto },
    )
    .get(
      "/customer/:id/documents",
      async ({ broker, member, params, set }) =>
        ctx.cache.response(set, `customer-documents:${broker.id}:${params.id}`, DocumentList, async () => customerDocuments(ctx, { member, customerId: params.id })),
      { broker: "read", params: IdParams, response: DocumentList },
    )
    .get(
      "/customers/:id/document-limit",
      async ({ broker, member, params, set }) =>
        ctx.cache.response(set, `document-limit:${broker.id}:${params.id}`, DocumentLimit, async () => documentLimit(ctx, { member, customerId: params.id })),
      { broker: "read", params: IdParams, response: DocumentLimit },
    )
    // Assignment: one customer to another member; a member's whole pipeline (owners).
    .put("/customers/:id/assignee", async ({ broker, apiKey, member, params, body, request, server }) =>
      assignCustomer(ctx, { member, customerId: params.id, memberId: body.memberId, actor: brokerActor(ctx, { broker, apiKey, request, server }) }), {
      broker: "write",
      params: IdParams,
      body: AssigneeBody,
      response: CustomerDetailDto,
    })
    // Watchers: members told of the customer's uploads and answers besides the assignee.
    .put("/customers/:id/watchers", async ({ broker, apiKey, member, params, body, request, server }) =>
      setWatchers(ctx, { member, customerId: params.id, memberIds: body.memberIds, actor: brokerActor(ctx, { broker, apiKey, request, server }) }), {
      broker: "write",
      params: IdParams,
      body: WatchersBody,
      response: Watchers,
    })
    .post("/customers/reassign", async ({ broker, apiKey, member, body, request, server }) => reassignCustomers(ctx, { member, ...body, actor: brokerActor(ctx, { broker, apiKey, request, server }) }), { broker: "write", body: ReassignBody, response: Reassigned })
    .put("/customers/:id", async ({ broker, member, params, body }) => updateCustomer(ctx, { ...body, broker, member, customerId: params.id }), {
      broker: "write",
      params: IdParams,
      body: UpdateCustomerBody,
      response: CustomerDetailDto,
    })
    .delete(
      "/customers/:id",
      async ({ broker, apiKey, member, params, request, server }) => {
        await deleteCustomer(ctx, { member, customerId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }) });
        return { message: "Customer deleted" };
      },
      { broker: "write", params: IdParams, response: Message },
    )
    .post(
      "/customers/:id/resend-invitation",
      async ({ broker, apiKey, member, params, request, server }) => {
        await resendInvitation(ctx, { broker, member, customerId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }) });
        return { message: "Invitation resent" };
      },
      { broker: "write", params: IdParams, response: Message },
    )
    .post(
      "/customers/:id/request-documents",
      async ({ broker, apiKey, member, params, body, status, request, server }) =>
        status(201, { documents: (await requestDocuments(ctx, { ...body, broker, member, customerId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }) })).map(toDocumentDto) }),
      { broker: "write", params: IdParams, body: RequestDocumentsBody, response: { 201: RequestedDocuments } },
    );
};
