import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { fileResponse } from "../../lib/http.ts";
import { IdParams, NotJson } from "../../lib/model.ts";
import { cleanFileName } from "../../lib/upload-content.ts";
import { access } from "../access/plugin.ts";
import { FileLinkDto, ProxyQuery, TokenQuery } from "./model.ts";
import { fileLink, proxiedDocumentId, readDocumentFile } from "./service.ts";

// A file is read by its broker, by the signed-in customer it was requested of, or with a signed
// link (the token), so these routes resolve every identity ({ reader }) and the service decides.
// An API key with the read scope reads as its creator would (issue 43).
export const fileRoutes = (ctx: AppContext) =>
  new Elysia({ name: "files", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .guard({ reader: "read" }, (app) =>
      app
        .get(
          "/documents/:id/download",
          async ({ params, query, reader, request, server }) =>
            fileResponse(await readDocumentFile(ctx, { documentId: params.id, reader, token: query.token, request, server, audit: "downloaded" }), { inline: false }),
          { params: IdParams, query: TokenQuery, response: NotJson },
        )
        .get(
          "/documents/:id/view",
          async ({ params, query, reader, request, server }) =>
            fileResponse(await readDocumentFile(ctx, { documentId: params.id, reader, token: query.token, request, server, audit: "viewed" }), { inline: true }),
          { params: IdParams, query: TokenQuery, response: NotJson },
        )
        .get(
          "/download-proxy",
          async ({ query, reader, request, server }) => {
            const file = await readDocumentFile(ctx, { ...proxiedDocumentId(ctx, query.url), reader, request, server, audit: "downloaded" });
            return fileResponse(query.filename ? { ...file, name: cleanFileName(query.filename) } : file, { inline: false });
          },
          { query: ProxyQuery, response: NotJson },
        ),
    )
    .post("/documents/:id/link", async ({ params, reader }) => fileLink(ctx, { documentId: params.id, reader }), {
      params: IdParams,
      reader: "read",
      response: FileLinkDto,
    });
