// Part 2: every route that takes a JSON body, fuzzed from its own TypeBox schema (as declared on
// the route), plus whole-body abuse: wrong types, missing fields, huge strings, deep nesting,
// prototype keys, unicode, nulls, broken encodings and oversize bodies. Bad input is never a
// 5xx, always JSON {message} with a 4xx, no stack trace, and changes nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { useTestServer } from "../support/server.ts";
import { startPortal, type PortalProcess } from "./process.ts";
import {
  appRoutes,
  changedTables,
  expectJsonError,
  fingerprint,
  rawFetch,
  record,
  ROUTE_TABLE,
  routeKey,
  seedWorld,
  type AppRoute,
  victimPath,
  type World,
} from "./support.ts";

const srv = useTestServer();
let world: World;
let bodyRoutes: AppRoute[];

beforeAll(async () => {
  world = await seedWorld(srv);
  bodyRoutes = appRoutes(srv).filter((r) => r.body);
});

/** Where the owner's own ids go, so that fuzzed bodies reach validation and the service. */
const ownPath = (route: AppRoute) => victimPath(world, route);

const ownHeaders = (route: AppRoute): Record<string, string> => {
  const auth = ROUTE_TABLE[routeKey(route)]!.auth;
  if (auth === "broker" || auth === "file") return { authorization: `Bearer ${world.brokerA.token}` };
  if (auth === "link") return { cookie: world.victim.cookie };
  return {};
};

const deep = (levels: number): unknown => {
  let v: unknown = "bottom";
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

const HUGE = "A".repeat(200_000);
const UNICODE = "Ü\u0000\u202e\ud83d\ude00\u{1d54f}\ufeff\u200b<script>alert(1)</script>' OR 1=1 --";

/** The JSON types a field's schema admits ("string", "null", "array", …; literals count as their type). */
function admittedTypes(schema: any): Set<string> {
  const out = new Set<string>();
  const walk = (s: any) => {
    if (!s) return;
    if (Array.isArray(s.anyOf)) s.anyOf.forEach(walk);
    else if (s.const !== undefined) out.add(typeof s.const === "string" ? "literal" : typeof s.const);
    else if (s.type) out.add(s.type);
  };
  walk(schema);
  return out;
}

/** Whether the schema must refuse this value: a type it does not admit, or a string over its maxLength. */
function mustRefuseValue(schema: any, value: unknown): boolean {
  const types = admittedTypes(schema);
  if (value === null) return !types.has("null");
  if (Array.isArray(value)) return !types.has("array") || (schema?.maxItems !== undefined && value.length > schema.maxItems) || value.some((v) => typeof v !== "string");
  if (typeof value === "string") {
    if (types.has("literal")) return true; // the base body holds the only literals that pass
    if (!types.has("string")) return true;
    const max = Math.max(...[schema, ...(schema?.anyOf ?? [])].map((s: any) => s?.maxLength ?? 0));
    return max > 0 && value.length > max;
  }
  if (typeof value === "number") return !types.has("number") && !types.has("integer");
  if (typeof value === "boolean") return !types.has("boolean");
  return !types.has("object");
}

/** Values of every other type than the field's, and hostile values of its own type. */
function fieldVariants(schema: any): { label: string; value: unknown }[] {
  const variants: { label: string; value: unknown }[] = [
    { label: "null", value: null },
    { label: "number", value: 12345 },
    { label: "float-inf", value: 1e308 * 10 },
    { label: "boolean", value: true },
    { label: "array", value: ["a", 1, null] },
    { label: "object", value: { $gt: "", length: 3 } },
    { label: "deep-object", value: deep(60) },
    { label: "huge-string", value: HUGE },
    { label: "unicode", value: UNICODE },
    { label: "empty-string", value: "" },
    { label: "proto-object", value: JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}') },
  ];
  if (schema?.type === "array") {
    variants.push({ label: "array-of-10k", value: Array.from({ length: 10_000 }, (_, i) => `x${i}`) });
    variants.push({ label: "array-of-objects", value: [{ __proto__: { polluted: "yes" } }, deep(30)] });
  }
  return variants;
}

interface Case {
  label: string;
  /** Bad by the route's own schema: must be a 4xx, whatever else the service thinks. */
  mustRefuse?: boolean;
  body: BodyInit;
  contentType?: string;
  headers?: Record<string, string>;
}

function casesFor(route: AppRoute): Case[] {
  const entry = ROUTE_TABLE[routeKey(route)]!;
  const base = entry.body!(world) as Record<string, unknown>;
  const schema = route.body;
  const properties: Record<string, any> = schema?.properties ?? {};
  const required: string[] = schema?.required ?? [];
  const json = (label: string, value: unknown, mustRefuse = true): Case => ({ label, body: JSON.stringify(value), contentType: "application/json", mustRefuse });
  const cases: Case[] = [];
  for (const [field, fieldSchema] of Object.entries(properties)) {
    if (required.includes(field)) {
      const { [field]: _, ...rest } = base;
      cases.push(json(`missing ${field}`, rest));
    }
    for (const v of fieldVariants(fieldSchema)) {
      // JSON.stringify turns Infinity into null.
      const sent = JSON.parse(JSON.stringify(v.value ?? null));
      cases.push(json(`${field}=${v.label}`, { ...base, [field]: sent }, mustRefuseValue(fieldSchema, sent)));
    }
  }
  cases.push(
    json("empty object", {}, required.length > 0),
    json("array body", [base]),
    json("string body", "hello"),
    json("null body", null),
    json("number body", 42),
    json("extra unknown fields", { ...base, isAdmin: true, role: "admin", brokerId: world.brokerB.user.id }, false),
    { label: "__proto__ key", body: JSON.stringify(base).replace(/^\{/, '{"__proto__":{"polluted":"yes","isAdmin":true},'), contentType: "application/json" },
    { label: "constructor.prototype key", body: JSON.stringify(base).replace(/^\{/, '{"constructor":{"prototype":{"polluted":"yes"}},'), contentType: "application/json" },
    { label: "duplicate keys", body: JSON.stringify(base).replace(/^\{/, '{"email":1,"password":{},'), contentType: "application/json" },
    { label: "deeply nested arrays", mustRefuse: true, body: "[".repeat(50_000) + "]".repeat(50_000), contentType: "application/json" },
    { label: "truncated json", mustRefuse: true, body: JSON.stringify(base).slice(0, -3), contentType: "application/json" },
    { label: "not json", mustRefuse: true, body: "this is not json {", contentType: "application/json" },
    { label: "empty body", mustRefuse: true, body: "", contentType: "application/json" },
    { label: "invalid utf-8", mustRefuse: true, body: new Uint8Array([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), contentType: "application/json" },
    { label: "utf-16 json", body: new Uint8Array(Buffer.from(JSON.stringify(base), "utf16le")), contentType: "application/json; charset=utf-16" },
    { label: "text/plain", body: JSON.stringify(base), contentType: "text/plain" },
    { label: "no content-type", body: JSON.stringify(base) },
    { label: "urlencoded", body: new URLSearchParams({ email: "a@b.c", password: "x", "__proto__[polluted]": "yes" }).toString(), contentType: "application/x-www-form-urlencoded" },
    { label: "multipart without boundary", mustRefuse: true, body: "--x\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\na\r\n--x--\r\n", contentType: "multipart/form-data" },
    { label: "multipart with a bogus boundary", mustRefuse: true, body: "garbage", contentType: "multipart/form-data; boundary=nothere" },
    { label: "xml", mustRefuse: true, body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', contentType: "application/xml" },
    { label: "2 MB json (declared length)", mustRefuse: true, body: JSON.stringify({ ...base, pad: "B".repeat(2 * 1024 * 1024) }), contentType: "application/json" },
  );
  return cases;
}

describe("JSON bodies fuzzed from each route's schema", () => {
  test("the routes with bodies are found from the router", () => {
    expect(bodyRoutes.map(routeKey)).toContain("POST /api/customers");
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(12);
  });

  test("every body route: no 5xx, JSON {message} for refusals, no stack traces, refusals change nothing", async () => {
    const problems: string[] = [];
    let sent = 0;
    let refused = 0;
    for (const route of bodyRoutes) {
      const path = ownPath(route);
      for (const c of casesFor(route)) {
        const before = fingerprint(srv);
        const headers: Record<string, string> = { ...ownHeaders(route), ...c.headers };
        if (c.contentType) headers["content-type"] = c.contentType;
        let res: Awaited<ReturnType<typeof rawFetch>>;
        try {
          res = await rawFetch(srv.url + path, { method: route.method, headers, body: c.body });
        } catch (error) {
          problems.push(`${routeKey(route)} [${c.label}] → no answer: ${(error as Error).message.split("\n")[0]}`);
          continue;
        }
        const after = fingerprint(srv);
        sent++;
        const label = `${routeKey(route)} [${c.label}] → ${res.status}`;
        try {
          expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (c.mustRefuse) expect(res.status, `${label}: bad by the schema but accepted: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          if (res.status >= 400) {
            refused++;
            expectJsonError(res, label);
            expect(changedTables(before, after), `${label} changed tables`).toEqual([]);
          }
          expect(({} as any).polluted, `${label} polluted Object.prototype`).toBeUndefined();
          expect(({} as any).isAdmin, `${label} polluted Object.prototype`).toBeUndefined();
        } catch (error) {
          problems.push((error as Error).message.split("\n")[0]!);
        }
      }
    }
    record("fuzz", { routes: bodyRoutes.length, sent, refused, problems: problems.length });
    expect(problems, problems.join("\n")).toEqual([]);
    expect(refused).toBeGreaterThan(bodyRoutes.length * 20);
  });

  test("typed garbage on fields is refused with 400, not accepted", async () => {
    // A schema that accepted anything would pass the test above; this one would not.
    const res = await rawFetch(`${srv.url}/api/customers`, {
      method: "POST",
      headers: { authorization: `Bearer ${world.brokerA.token}`, "content-type": "application/json" },
      body: JSON.stringify({ email: { $gt: "" }, requiredDocuments: "Paystub" }),
    });
    expectJsonError(res, "object email", [400]);
  });
});

describe("bodies over 1 MB on JSON routes", () => {
  test("a chunked body (no Content-Length) over 1 MB is refused with 413 and changes nothing", async () => {
    const before = fingerprint(srv);
    const chunk = new TextEncoder().encode("C".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":"chunked@example.com","name":"'));
      },
      pull(controller) {
        if (sent >= 24) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await rawFetch(`${srv.url}/api/customers`, {
      method: "POST",
      headers: { authorization: `Bearer ${world.brokerA.token}`, "content-type": "application/json" },
      body: stream,
      // @ts-expect-error Bun needs duplex for a streamed request body
      duplex: "half",
    });
    expectJsonError(res, "1.5 MB chunked JSON", [413]);
    expect(changedTables(before, fingerprint(srv))).toEqual([]);
  });

  test("a 30 MB body on any route gets a JSON 413, not a bare one", async () => {
    const body = new Uint8Array(30 * 1024 * 1024).fill(0x41);
    for (const path of ["/api/customers", `/api/upload/${world.victim.uploadLink}/documents/${world.victim.documentIds[1]}`]) {
      const res = await rawFetch(srv.url + path, {
        method: "POST",
        headers: { authorization: `Bearer ${world.brokerA.token}`, "content-type": path.includes("upload") ? "multipart/form-data; boundary=zz" : "application/json" },
        body,
      });
      expectJsonError(res, `30 MB to ${path}`, [413]);
    }
  });
});

describe("objects that cannot be turned into text, against the portal as its own process", () => {
  // A value like {"toString": "x"} makes `${value}` throw inside the validation error's message.
  // In-process that throw escapes the test server; a real process shows what an outsider gets.
  let portal: PortalProcess;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
    if (portal) rmSync(portal.dataDir, { recursive: true, force: true });
  });

  const UNPRINTABLE: unknown[] = [{ toString: "x" }, { toString: null, valueOf: null }, { valueOf: {}, toString: 1 }];

  test("every string field of every body route holding an unprintable object: 4xx JSON, no stack trace", async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of bodyRoutes) {
      const properties: Record<string, any> = route.body?.properties ?? {};
      const base = ROUTE_TABLE[routeKey(route)]!.body!(world) as Record<string, unknown>;
      // Public routes need no account; for the others a 401 before validation is also fine.
      const path = route.path.replace(/:[A-Za-z]+/g, "00000000-0000-0000-0000-000000000000");
      for (const field of Object.keys(properties)) {
        for (const value of UNPRINTABLE) {
          const res = await rawFetch(portal.url + path, {
            method: route.method,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ ...base, [field]: value }),
          });
          sent++;
          try {
            expectJsonError(res, `${routeKey(route)} ${field}=${JSON.stringify(value)} → ${res.status}`);
          } catch (error) {
            problems.push((error as Error).message.split("\n")[0]!.slice(0, 200));
          }
        }
      }
    }
    record("fuzz-unprintable", { sent, problems: problems.length });
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
