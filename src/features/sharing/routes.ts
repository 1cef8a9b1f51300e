import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { access } from "../access/plugin.ts";
import { brokerActor } from "../audit/actor.ts";
import { toDocumentDto } from "../documents/service.ts";
import { ShareResponse, ShareSettings } from "./model.ts";
import { MAX_SHARE_FILES, MAX_SHARE_RECIPIENTS, shareDocuments } from "./service.ts";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const sharingRoutes = (ctx: AppContext) =>
  new Elysia({ name: "sharing", seed: contextSeed(ctx), prefix: "/api/documents" })
    .use(access(ctx))
    // The dialog refuses a file the server would refuse, by the server's own numbers.
    .get(
      "/share/settings",
      () => ({ maxFileBytes: ctx.config.shareMaxBytes, maxFiles: MAX_SHARE_FILES, maxRecipients: MAX_SHARE_RECIPIENTS }),
      { broker: "read", response: ShareSettings },
    )
    .post(
      "/share",
      async ({ broker, apiKey, member, request, server, status }) => {
        const shared = await shareDocuments(ctx, { broker, member, request, actor: brokerActor(ctx, { broker, apiKey, request, server }) });
        return status(201, {
          documents: shared.documents.map(toDocumentDto),
          sharedFiles: shared.sharedFiles,
          customers: shared.customers,
          message: `Shared ${plural(shared.sharedFiles, "document")} with ${plural(shared.customers, "customer")} and sent each a consolidated email.`,
        });
      },
      // The body is read as a stream by the service, never parsed into memory here.
      { broker: "write", parse: "none", response: { 201: ShareResponse } },
    );
