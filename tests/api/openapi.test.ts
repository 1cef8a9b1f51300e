// The published API (issue 43): GET /api/openapi.json is generated from the routes' own schemas,
// so it lists every route the app serves and describes each with the model it validates with.
import { describe, expect, test } from "bun:test";
import { createApp } from "../../src/app.ts";
import { CreateCustomerBody, CustomerDetailDto } from "../../src/features/customers/model.ts";
import { SiteInfoDto } from "../../src/features/site/model.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();

/**
 * A TypeBox schema as OpenAPI 3.1 writes it: the JSON Schema it is (less TypeBox's symbol keys),
 * a nullable value (`anyOf: [X, {type: "null"}]`) written as `type: [X's type, "null"]`.
 */
const jsonSchema = (schema: unknown): unknown => {
  const plain = JSON.parse(JSON.stringify(schema));
  const rewrite = (node: any): any => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    const members = node.anyOf as any[] | undefined;
    const other = members?.length === 2 ? members.find((m) => m.type !== "null") : undefined;
    if (other && members!.some((m) => m.type === "null") && typeof other.type === "string") {
      const { anyOf: _anyOf, ...outer } = node;
      return rewrite({ ...outer, ...other, type: [other.type, "null"] });
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value)]));
  };
  return rewrite(plain);
};
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

async function openApiDocument() {
  const res = await fetch(`${srv.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  return (await res.json()) as { openapi: string; info: { title: string }; paths: Record<string, Record<string, any>> };
}

describe("GET /api/openapi.json", () => {
  test("is OpenAPI 3.1 and lists every API route of the app with its methods", async () => {
    const document = await openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Broker Portal API");

    const app = createApp(srv.server.ctx, srv.server.hub);
    const apiRoutes = app.routes.filter(
      (route) => route.method !== "WS" && (route.path.startsWith("/api/") || ["/healthz", "/readyz", "/metrics"].includes(route.path)),
    );
    expect(apiRoutes.length).toBeGreaterThan(40);
    const missing = apiRoutes
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => {
        const [method, path] = key.split(" ") as [string, string];
        return !document.paths[openApiPath(path)]?.[method.toLowerCase()];
      });
    expect(missing).toEqual([]);
    // The document itself is listed too, and the web app's pages are not.
    expect(document.paths["/api/openapi.json"]?.get).toBeDefined();
    expect(Object.keys(document.paths).filter((path) => !path.startsWith("/api/") && !["/healthz", "/readyz", "/metrics"].includes(path))).toEqual([]);
  });

  test("a route's request and response schemas are its models", async () => {
    const { paths } = await openApiDocument();
    const createCustomer = paths["/api/customers"]!.post;
    expect(createCustomer.requestBody.content["application/json"].schema).toEqual(jsonSchema(CreateCustomerBody));
    expect(createCustomer.responses["201"].content["application/json"].schema).toEqual(jsonSchema(CustomerDetailDto));

    const site = paths["/api/site"]!.get;
    expect(site.responses["200"].content["application/json"].schema).toEqual(jsonSchema(SiteInfoDto));
    expect(site.requestBody).toBeUndefined();

    const customer = paths["/api/customer/{id}"]!.get;
    expect(customer.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path", required: true }));
  });
});

describe("GET /api/reference", () => {
  test("is a page of the portal's own listing every route, linking the JSON, loading nothing from elsewhere", async () => {
    const res = await fetch(`${srv.url}/api/reference`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain('<a href="/api/openapi.json">');
    expect(html).toContain("<code>/api/customers</code>");
    expect(html).toContain("<code>/api/customer/{id}</code>");
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/(src|href)="https?:/);
  });
});

describe("API keys in the document (issue 43)", () => {
  test("declares the bearer schemes, and each broker route says whether it takes a key and with which scope", async () => {
    const document = (await (await fetch(`${srv.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, any>>; components: { securitySchemes: Record<string, any> } };
    expect(document.components.securitySchemes).toMatchObject({ session: { type: "http", scheme: "bearer" }, apiKey: { type: "http", scheme: "bearer", bearerFormat: "bpk_…" } });
    const security = (path: string, method: string) => document.paths[path]![method]!.security;
    expect(security("/api/customers", "get")).toEqual([{ session: [] }, { apiKey: ["read"] }]);
    expect(security("/api/customers", "post")).toEqual([{ session: [] }, { apiKey: ["write"] }]);
    expect(security("/api/customers/export", "post")).toEqual([{ session: [] }, { apiKey: ["read"] }]);
    // Session only: account, keys themselves.
    expect(security("/api/auth/user", "get")).toEqual([{ session: [] }]);
    expect(security("/api/api-keys", "post")).toEqual([{ session: [] }]);
    // A file: a broker (session or read key), or no broker at all (a signed link, the customer).
    expect(security("/api/documents/{id}/download", "get")).toEqual([{ session: [] }, { apiKey: ["read"] }, {}]);
    expect(security("/api/site", "get")).toBeUndefined();
  });
});
