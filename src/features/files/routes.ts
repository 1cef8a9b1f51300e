import { Elysia, t } from "elysia";
import type { AppContext } from "../../context.ts";
import { fileResponse } from "../../lib/http.ts";
import { cleanFileName } from "../../lib/upload.ts";
import { fileLink, proxiedDocumentId, readableDocument, storedFile } from "./service.ts";

const Params = t.Object({ id: t.String({ maxLength: 64 }) });
const TokenQuery = t.Object({ token: t.Optional(t.String({ maxLength: 200 })) });

export const fileRoutes = (ctx: AppContext) => {
  const serve = async (documentId: string, headers: Record<string, string | undefined>, options: { token?: string; inline: boolean; name?: string }) => {
    const doc = readableDocument(ctx, { documentId, headers, token: options.token });
    const file = await storedFile(ctx, doc);
    return fileResponse(file, { name: options.name ?? doc.originalName ?? doc.name, type: doc.mimeType, inline: options.inline });
  };

  return new Elysia({ prefix: "/api" })
    .get("/documents/:id/download", ({ params, headers, query }) => serve(params.id, headers, { token: query.token, inline: false }), {
      params: Params,
      query: TokenQuery,
    })
    .get("/documents/:id/view", ({ params, headers, query }) => serve(params.id, headers, { token: query.token, inline: true }), {
      params: Params,
      query: TokenQuery,
    })
    .post("/documents/:id/link", ({ params, headers }) => fileLink(ctx, readableDocument(ctx, { documentId: params.id, headers })), {
      params: Params,
    })
    .get(
      "/download-proxy",
      ({ query, headers }) => {
        const { documentId, token } = proxiedDocumentId(ctx, query.url);
        return serve(documentId, headers, { token, inline: false, name: query.filename ? cleanFileName(query.filename) : undefined });
      },
      { query: t.Object({ url: t.String({ maxLength: 2000, error: "url is required" }), filename: t.Optional(t.String({ maxLength: 500 })) }) },
    );
};
