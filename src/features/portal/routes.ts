import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { access } from "../access/plugin.ts";
import { portalActor } from "../audit/actor.ts";
import { recordLinkOpened } from "../audit/link-opened.ts";
import { LinkParams } from "../../lib/model.ts";
import { chooseLanguage, headerLanguage, portalLanguage } from "./language.ts";
import { DocumentParams, LanguageBody, LanguageChosen, PortalDto, RecognitionPreview, UnavailableBody, UploadResponse } from "./model.ts";
import { answerWithoutFile, portalView, portalViewKey, previewUpload, uploadToPortal } from "./service.ts";

export const portalRoutes = (ctx: AppContext) =>
  new Elysia({ name: "portal", seed: contextSeed(ctx), prefix: "/api/upload" })
    .use(access(ctx))
    .get(
      "/:uploadLink",
      async ({ portal, set, request, server }) => {
        // Always fresh: statuses change while the customer looks.
        set.headers["cache-control"] = "no-store, no-cache, must-revalidate";
        set.headers.pragma = "no-cache";
        await recordLinkOpened(ctx, { brokerId: portal.customer.workspaceId, customerId: portal.customer.id, actor: portalActor(ctx, { portal, request, server }) });
        // Polled, and refetched on every live update: cached until any write (src/lib/read-cache.ts),
        // its language with it (worked out inside; the key names what the request's header adds).
        return ctx.cache.response(set, portalViewKey(portal, headerLanguage(request)), PortalDto, async () => portalView(ctx, portal, await portalLanguage(ctx, portal, request)));
      },
      { params: LinkParams, portal: true, response: PortalDto },
    )
    .post(
      "/:uploadLink/documents/:documentId",
      async ({ portal, params, request, server }) => ({
        message: "Upload Successful",
        document: await uploadToPortal(ctx, { portal, documentId: params.documentId, request, actor: portalActor(ctx, { portal, request, server }) }),
      }),
      // The body is read as a stream by the service, never parsed into memory here.
      { params: DocumentParams, portal: true, parse: "none", response: UploadResponse },
    )
    .post(
      "/:uploadLink/documents/:documentId/recognition",
      async ({ portal, params, request }) => ({ recognition: await previewUpload(ctx, { portal, documentId: params.documentId, request }) }),
      // Before the upload is final: the file is checked and read like an upload's, then dropped.
      { params: DocumentParams, portal: true, parse: "none", response: RecognitionPreview },
    )
    .post(
      "/:uploadLink/documents/:documentId/unavailable",
      async ({ portal, params, body, request, server }) => ({
        message: "Your answer was sent to your broker",
        document: await answerWithoutFile(ctx, { portal, documentId: params.documentId, reason: body.reason, actor: portalActor(ctx, { portal, request, server }) }),
      }),
      { params: DocumentParams, portal: true, body: UnavailableBody, response: UploadResponse },
    )
    // The customer's own language (guest or signed in): wins over the broker's from now on.
    .put("/:uploadLink/language", async ({ portal, body }) => chooseLanguage(ctx, { portal, language: body.language }), {
      params: LinkParams,
      portal: true,
      body: LanguageBody,
      response: LanguageChosen,
    });
