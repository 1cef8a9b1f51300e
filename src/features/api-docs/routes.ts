// GET /api/openapi.json (DESIGN 3b) and GET /api/reference: public, like any published API's
// description; they show shapes, never data.
import { Elysia, t, type AnyElysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { describeApi } from "./describe.ts";
import { OpenApiDocument } from "./model.ts";
import { referencePage } from "./reference-page.ts";

const OPENAPI_PATH = "/api/openapi.json";

/** `app` is the whole app (src/app.ts), read when first asked, once every route is mounted. */
export function apiDocsRoutes(ctx: AppContext, app: () => AnyElysia) {
  const document = () => describeApi(app(), ctx.config.publicUrl);
  return new Elysia({ name: "api-docs" })
    .get(OPENAPI_PATH, () => document(), {
      response: OpenApiDocument,
      detail: { summary: "This document: the API described in OpenAPI 3.1" },
    })
    .get(
      "/api/reference",
      ({ set }) => {
        set.headers["content-type"] = "text/html; charset=utf-8";
        return referencePage(document(), OPENAPI_PATH);
      },
      { response: t.String(), detail: { summary: "A page listing every route, for developers" } },
    );
}
