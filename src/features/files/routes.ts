import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { fileResponse } from "../../lib/http.ts";
import { cleanFileName } from "../../lib/upload.ts";
import { NotJson } from "../../lib/model.ts";
import { FileLinkDto, FileParams, ProxyQuery, TokenQuery } from "./model.ts";
import { fileLink, proxiedDocumentId, readableDocument, storedFile } from "./service.ts";

export const fileRoutes = (ctx: AppContext) => {
  const serve = async (documentId: string, headers: Record<string, string | undefined>, options: { token?: string; inline: boolean; name?: string }) => {
    const doc = readableDocument(ctx, { documentId, headers, token: options.token });
    const file = await storedFile(ctx, doc);
    return fileResponse(file, { name: options.name ?? doc.originalName ?? doc.name, type: doc.mimeType, inline: options.inline });
  };

  return new Elysia({ prefix: "/api" })
    .get("/documents/:id/download", ({ params, headers, query }) => serve(params.id, headers, { token: query.token, inline: false }), {
      params: FileParams,
      query: TokenQuery,
      response: NotJson,
    })
    .get("/documents/:id/view", ({ params, headers, query }) => serve(params.id, headers, { token: query.token, inline: true }), {
      params: FileParams,
      query: TokenQuery,
      response: NotJson,
    })
    .post("/documents/:id/link", ({ params, headers }) => fileLink(ctx, readableDocument(ctx, { documentId: params.id, headers })), {
      params: FileParams,
      response: FileLinkDto,
    })
    .get(
      "/download-proxy",
      ({ query, headers }) => {
        const { documentId, token } = proxiedDocumentId(ctx, query.url);
        return serve(documentId, headers, { token, inline: false, name: query.filename ? cleanFileName(query.filename) : undefined });
      },
      { query: ProxyQuery, response: NotJson },
    );
};
