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
  expect(await res.json()).toEqual({ message: "Something went wrong on our side. Please try again.", code: "errors.serverFault" });
  expect(logged).toEqual(["Unhandled error"]);
});

test("a cached answer is checked against its route's schema when it is computed: 500 and not kept if it breaks it, extra fields dropped", async () => {
  const { Elysia, t } = await import("elysia");
  const { errorHandler } = await import("../../src/lib/error-handler.ts");
  const { ReadCache } = await import("../../src/lib/read-cache.ts");
  const { ManualClock } = await import("../../src/lib/clock.ts");
  const logged: string[] = [];
  const log = { error: (message: string) => logged.push(message) } as never;
  const cache = new ReadCache(() => "unchanged", new ManualClock(), { clock: false });
  const Answer = t.Object({ id: t.String() });
  let answer: unknown = { id: 1 };
  let computed = 0;
  const compute = async () => (computed++, answer) as { id: string };
  const app = new Elysia().use(errorHandler(log)).get("/cached", ({ set }) => cache.response(set, "k", Answer, compute), { response: Answer });
  const get = () => app.handle(new Request("http://localhost/cached"));

  const broken = await get();
  expect(broken.status).toBe(500);
  expect(await broken.json()).toEqual({ message: "Something went wrong on our side. Please try again.", code: "errors.serverFault" });
  expect(logged).toEqual(["Unhandled error"]);

  // Not kept: the next request computes again, and a good answer is sent, without what its schema does not declare.
  answer = { id: "a", secret: "not in the schema" };
  expect(await (await get()).json()).toEqual({ id: "a" });
  expect(computed).toBe(2);
  // A hit sends the bytes checked when they were computed.
  expect(await (await get()).json()).toEqual({ id: "a" });
  expect(computed).toBe(2);
});
