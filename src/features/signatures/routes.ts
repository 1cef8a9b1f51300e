// The signature routes (DESIGN.md 3b): the broker's, the customer's under their upload link, and
// another signer's under their signing link. Thin: who asks (a macro), one service call, the answer.
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { fileResponse } from "../../lib/http.ts";
import { IdParams, LinkParams, Message, NotJson } from "../../lib/model.ts";
import { access } from "../access/plugin.ts";
import { brokerActor, portalActor, signingLinkActor, type RequestOrigin } from "../audit/actor.ts";
import { findOwnedRequest, requestSignedByCustomer, requestsSignedByCustomers, signerByToken, toRequestDto, toSignerView, type SignerAccess } from "./lookups.ts";
import { customerRequests, sealedFile, voidRequest } from "./manage.ts";
import { DeclineBody, LinkRequestParams, SignatureRequestDto, SignatureRequestList, SignatureTemplateDto, SignatureTemplateList, SignatureTemplatePatch, SignBody, SignerTokenParams, SignerViewDto, SignerViewList } from "./model.ts";
import { createTemplate, deleteTemplate, findTemplate, listTemplates, templatePdf, toTemplateDto, updateTemplate } from "./templates.ts";
import { createSignatureRequest, type SignatureHooks } from "./create.ts";
import { resendRequest } from "./resend.ts";
import { retrySeal } from "./seal-job.ts";
import { decline, openForSigner, sign, signerDocument, type SigningOrigin } from "./signing.ts";

const MAX_USER_AGENT = 500;
const userAgentOf = (request: Request) => request.headers.get("user-agent")?.slice(0, MAX_USER_AGENT) ?? null;

interface LinkAccess {
  customer: { id: string; uploadLink: string };
  customers: { id: string }[];
  session: { account: { email: string } } | null;
}

const customerIds = (portal: LinkAccess) => portal.customers.map((c) => c.id);

export const signatureRoutes = (ctx: AppContext, hooks: SignatureHooks) => {
  const now = () => ctx.clock.now();
  const customerOrigin = (portal: LinkAccess, origin: RequestOrigin & { request: Request }): SigningOrigin => ({ actor: portalActor(ctx, { portal, ...origin }), userAgent: userAgentOf(origin.request) });
  const signerOrigin = (signer: SignerAccess, origin: RequestOrigin & { request: Request }): SigningOrigin => ({ actor: signingLinkActor(ctx, { email: signer.signer.email, ...origin }), userAgent: userAgentOf(origin.request) });
  const customerDocUrl = (portal: LinkAccess, id: string) => `/api/upload/${portal.customer.uploadLink}/signature-requests/${id}/document`;
  const customerView = async (portal: LinkAccess, id: string) => toSignerView(await requestSignedByCustomer(ctx, customerIds(portal), id), customerDocUrl(portal, id), now());
  const tokenView = async (token: string) => toSignerView(await signerByToken(ctx, token), `/api/sign/${token}/document`, now());

  return (
    new Elysia({ name: "signatures", seed: contextSeed(ctx), prefix: "/api" })
      .use(access(ctx))
      // ── The broker ──
      .post(
        "/customers/:id/signature-requests",
        async ({ broker, apiKey, member, params, request, server, status }) => {
          const created = await createSignatureRequest(ctx, {
            broker,
            member,
            customerId: params.id,
            request,
            actor: brokerActor(ctx, { broker, apiKey, request, server }),
            refuseOverDocumentLimit: hooks.refuseOverDocumentLimit,
          });
          return status(201, toRequestDto(created));
        },
        // The body is read as a stream by the service, never parsed into memory here.
        { broker: "write", params: IdParams, parse: "none", response: { 201: SignatureRequestDto } },
      )
      .get("/customers/:id/signature-requests", async ({ member, params }) => (await customerRequests(ctx, member, params.id)).map(toRequestDto), {
        broker: "read",
        params: IdParams,
        response: SignatureRequestList,
      })
      .get("/signature-requests/:id", async ({ member, params }) => toRequestDto(await findOwnedRequest(ctx, member, params.id)), { broker: "read", params: IdParams, response: SignatureRequestDto })
      .post(
        "/signature-requests/:id/void",
        async ({ broker, apiKey, member, params, request, server }) => toRequestDto(await voidRequest(ctx, { member, requestId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }) })),
        { broker: "write", params: IdParams, response: SignatureRequestDto },
      )
      // "Try again" once sealing failed for good: the seal job runs anew.
      .post(
        "/signature-requests/:id/seal",
        async ({ broker, apiKey, member, params, request, server }) => toRequestDto(await retrySeal(ctx, { member, requestId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }) })),
        { broker: "write", params: IdParams, response: SignatureRequestDto },
      )
      .post(
        "/signature-requests/:id/resend",
        async ({ broker, apiKey, member, params, request, server }) => toRequestDto(await resendRequest(ctx, { member, requestId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }) })),
        { broker: "write", params: IdParams, response: SignatureRequestDto },
      )
      .get(
        "/signature-requests/:id/download",
        async ({ broker, apiKey, member, params, request, server }) =>
          fileResponse(await sealedFile(ctx, { member, requestId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }), request, server }), { inline: false }),
        { broker: "read", params: IdParams, response: NotJson },
      )
      // ── The workspace's signature templates (templates.ts) ──
      .get("/signature-templates", async ({ member }) => (await listTemplates(ctx, member)).map(toTemplateDto), { broker: "read", response: SignatureTemplateList })
      .post("/signature-templates", async ({ broker, member, request, status }) => status(201, toTemplateDto(await createTemplate(ctx, { member, brokerId: broker.id, request }))), {
        broker: "write",
        parse: "none",
        response: { 201: SignatureTemplateDto },
      })
      .get("/signature-templates/:id", async ({ member, params }) => toTemplateDto(await findTemplate(ctx, member.workspaceId, params.id)), { broker: "read", params: IdParams, response: SignatureTemplateDto })
      .get("/signature-templates/:id/pdf", async ({ member, params }) => fileResponse(await templatePdf(ctx, member, params.id), { inline: true }), { broker: "read", params: IdParams, response: NotJson })
      .patch("/signature-templates/:id", async ({ member, params, body }) => toTemplateDto(await updateTemplate(ctx, { member, id: params.id, ...body })), {
        broker: "write",
        params: IdParams,
        body: SignatureTemplatePatch,
        response: SignatureTemplateDto,
      })
      .delete(
        "/signature-templates/:id",
        async ({ member, params }) => {
          await deleteTemplate(ctx, member, params.id);
          return { message: "Signature template deleted" };
        },
        { broker: "write", params: IdParams, response: Message },
      )
      // ── The customer, through their upload link ──
      .guard({ portal: true }, (app) =>
        app
          .get(
            "/upload/:uploadLink/signature-requests",
            async ({ portal }) => (await requestsSignedByCustomers(ctx, customerIds(portal))).map((a) => toSignerView(a, customerDocUrl(portal, a.found.request.id), now())),
            { params: LinkParams, response: SignerViewList },
          )
          .get(
            "/upload/:uploadLink/signature-requests/:id",
            async ({ portal, params, request, server }) => {
              const opened = await openForSigner(ctx, await requestSignedByCustomer(ctx, customerIds(portal), params.id), customerOrigin(portal, { request, server }));
              return toSignerView(opened, customerDocUrl(portal, params.id), now());
            },
            { params: LinkRequestParams, response: SignerViewDto },
          )
          .get(
            "/upload/:uploadLink/signature-requests/:id/document",
            async ({ portal, params }) => fileResponse(await signerDocument(ctx, await requestSignedByCustomer(ctx, customerIds(portal), params.id)), { inline: true }),
            { params: LinkRequestParams, response: NotJson },
          )
          .post(
            "/upload/:uploadLink/signature-requests/:id/sign",
            async ({ portal, params, body, request, server }) => {
              await sign(ctx, await requestSignedByCustomer(ctx, customerIds(portal), params.id), body, customerOrigin(portal, { request, server }));
              return customerView(portal, params.id);
            },
            { params: LinkRequestParams, body: SignBody, response: SignerViewDto },
          )
          .post(
            "/upload/:uploadLink/signature-requests/:id/decline",
            async ({ portal, params, body, request, server }) => {
              await decline(ctx, await requestSignedByCustomer(ctx, customerIds(portal), params.id), body.reason, customerOrigin(portal, { request, server }));
              return customerView(portal, params.id);
            },
            { params: LinkRequestParams, body: DeclineBody, response: SignerViewDto },
          ),
      )
      // ── Another signer, through their own link ──
      .guard({ signer: true }, (app) =>
        app
          .get(
            "/sign/:token",
            async ({ signer, params, request, server }) => toSignerView(await openForSigner(ctx, signer, signerOrigin(signer, { request, server })), `/api/sign/${params.token}/document`, now()),
            { params: SignerTokenParams, response: SignerViewDto },
          )
          .get("/sign/:token/document", async ({ signer }) => fileResponse(await signerDocument(ctx, signer), { inline: true }), { params: SignerTokenParams, response: NotJson })
          .post(
            "/sign/:token/sign",
            async ({ signer, params, body, request, server }) => {
              await sign(ctx, signer, body, signerOrigin(signer, { request, server }));
              return tokenView(params.token);
            },
            { params: SignerTokenParams, body: SignBody, response: SignerViewDto },
          )
          .post(
            "/sign/:token/decline",
            async ({ signer, params, body, request, server }) => {
              await decline(ctx, signer, body.reason, signerOrigin(signer, { request, server }));
              return tokenView(params.token);
            },
            { params: SignerTokenParams, body: DeclineBody, response: SignerViewDto },
          ),
      )
  );
};
