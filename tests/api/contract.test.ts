// Every route declares the shape it answers with (its feature's model.ts), so the web app's types
// (src/shared/api-types.ts, derived from the same schemas) cannot drift from what is sent.
import { expect, test } from "bun:test";
import { createApp } from "../../src/app.ts";
import { useTestServer } from "../support/server.ts";

const srv = useTestServer();

test("every HTTP route has a response schema", () => {
  const app = createApp(srv.server.ctx, srv.server.hub);
  const missing = app.routes
    .filter((route) => route.method !== "WS" && !route.hooks?.response)
    .map((route) => `${route.method} ${route.path}`);
  expect(missing).toEqual([]);
  expect(app.routes.length).toBeGreaterThan(40);
});

test("a response that breaks its schema is our error: 500 and a log line, never the caller's 400", async () => {
  const { Elysia, t } = await import("elysia");
  const { errorHandler } = await import("../../src/lib/error-handler.ts");
  const logged: string[] = [];
  const log = { error: (message: string) => logged.push(message) } as never;
  const app = new Elysia().use(errorHandler(log)).get("/broken", () => ({ id: 1 }) as never, { response: t.Object({ id: t.String() }) });
  const res = await app.handle(new Request("http://localhost/broken"));
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
  expect(logged).toEqual(["Unhandled error"]);
});
