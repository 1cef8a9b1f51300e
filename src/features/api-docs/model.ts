import { t } from "elysia";

/** An OpenAPI 3.1 document; its paths and components are the generator's, passed through whole. */
export const OpenApiDocument = t.Object({
  openapi: t.String(),
  info: t.Object({ title: t.String(), version: t.String(), description: t.String() }),
  servers: t.Array(t.Object({ url: t.String() })),
  paths: t.Record(t.String(), t.Unknown()),
  components: t.Record(t.String(), t.Unknown()),
  /** What the portal POSTs to a workspace's webhook endpoints, one entry per event type (webhooks/events.ts). */
  webhooks: t.Record(t.String(), t.Unknown()),
});
export type OpenApiDocument = typeof OpenApiDocument.static;
