// Part 1: every route of the router, aimed at another tenant's data by every kind of outsider.
// The routes come from the app itself, so a new endpoint without an entry in ROUTE_TABLE fails
// here by name instead of going untested.
import { beforeAll, describe, expect, test } from "bun:test";
import { useTestServer } from "../support/server.ts";
import {
  appRoutes,
  AUDIT_TABLES,
  changedTables,
  codeIn,
  expectJsonError,
  expectNoLeak,
  fingerprint,
  multipartBody,
  multipartParts,
  GUESSED_LOGO_KEY,
  GUESSED_INVITATION_TOKEN,
  GUESSED_SIGNER_TOKEN,
  pathParams,
  GUESSED_RESET_TOKEN,
  rawFetch,
  record,
  ROUTE_TABLE,
  routeKey,
  seedWorld,
  victimPdf,
  victimSecrets,
  type AppRoute,
  type RouteEntry,
  type World,
} from "./support.ts";

const srv = useTestServer();
let world: World;
let routes: AppRoute[];

beforeAll(async () => {
  world = await seedWorld(srv);
  routes = appRoutes(srv);
});

test("the route table covers exactly the routes the router serves", () => {
  const served = routes.map(routeKey);
  const missing = served.filter((k) => !(k in ROUTE_TABLE));
  const stale = Object.keys(ROUTE_TABLE).filter((k) => !served.includes(k));
  expect(missing, `routes without an attack entry in tests/hostile/support.ts ROUTE_TABLE: ${missing.join(", ")}`).toEqual([]);
  expect(stale, `ROUTE_TABLE entries the router no longer serves: ${stale.join(", ")}`).toEqual([]);
  // Every parameter of every route is aimed somewhere.
  for (const r of routes) {
    const entry = ROUTE_TABLE[routeKey(r)]!;
    for (const p of pathParams(r.path)) expect(entry.params?.[p], `${routeKey(r)}: no victim value for :${p}`).toBeDefined();
    if (r.body) expect(entry.body, `${routeKey(r)} takes a JSON body: give ROUTE_TABLE a valid one`).toBeDefined();
  }
  expect(served.length).toBeGreaterThan(40);
});

// ---------------------------------------------------------------------------------------------

// otherBrokerKey: B's API key with both scopes (issue 43), where B's session goes.
type Actor = "anonymous" | "otherBroker" | "otherBrokerKey" | "unrelatedBroker" | "otherCustomerLink" | "sameCustomerSecondBroker";
const ACTORS: Actor[] = ["anonymous", "otherBroker", "otherBrokerKey", "unrelatedBroker", "otherCustomerLink", "sameCustomerSecondBroker"];

interface Attack {
  url: string;
  init: RequestInit;
  /** The actor's own link is the only parameter: the call is allowed, it must just show nothing of the victim. */
  ownLinkOnly: boolean;
}

/** Random, well-formed, unknown: what a guesser sends. */
const GUESSED_LINK = "q9T2vXc8LmN4pR7sK1wZ3yB6hJ5dF0gA";

function victimValue(w: World, v: NonNullable<RouteEntry["params"]>[string], actor: Actor): string {
  switch (v) {
    case "customerId":
      return w.victim.customerId;
    case "documentId":
      return w.victim.documentIds[1]!; // a document still waiting for upload: writes would succeed if allowed
    case "brokerNotificationId":
      return w.victim.brokerNotificationId;
    case "customerNotificationId":
      return w.victim.customerNotificationId;
    case "logoKey":
      return GUESSED_LOGO_KEY;
    case "resetToken":
      return GUESSED_RESET_TOKEN;
    case "templateId":
      return w.victim.templateId;
    case "invitationId":
      return w.victim.invitationId;
    case "invitationToken":
      return GUESSED_INVITATION_TOKEN;
    case "signatureRequestId":
      return w.victim.signatureRequestId;
    case "signatureTemplateId":
      return w.victim.signatureTemplateId;
    case "webhookEndpointId":
      return w.victim.webhookEndpointId;
    case "webhookDeliveryId":
      return w.victim.webhookDeliveryId;
    case "signerToken":
      return GUESSED_SIGNER_TOKEN;
    case "apiKeyId":
      return w.victim.apiKeyId;
    case "memberId":
      return w.brokerA.user.id; // the victim's broker, a member of the victim's workspace
    case "uploadLink":
      // The link is the actor's own credential; the victim's link is what they do not have.
      if (actor === "otherCustomerLink") return w.other.uploadLink;
      if (actor === "sameCustomerSecondBroker" || actor === "otherBroker" || actor === "otherBrokerKey") return w.victimViaB.uploadLink;
      return GUESSED_LINK;
  }
}

function buildAttack(w: World, route: AppRoute, entry: RouteEntry, actor: Actor): Attack {
  let path = route.path;
  const params = pathParams(route.path);
  for (const p of params) path = path.replace(`:${p}`, encodeURIComponent(victimValue(w, entry.params![p]!, actor)));
  const query = entry.query ? "?" + new URLSearchParams(entry.query(w)).toString() : "";
  const headers: Record<string, string> = {};
  if (actor === "otherBroker") headers.authorization = `Bearer ${w.brokerB.token}`;
  if (actor === "otherBrokerKey") headers.authorization = `Bearer ${w.keyB}`;
  if (actor === "unrelatedBroker") headers.authorization = `Bearer ${w.brokerC.token}`;
  if (actor === "otherCustomerLink") headers.cookie = w.other.cookie;
  let body: BodyInit | undefined;
  if (entry.multipart) {
    const mp = multipartBody(
      multipartParts(entry, w, [
        { name: "isGuest", data: "true" },
        { name: "file", filename: "intruder.pdf", contentType: "application/pdf", data: victimPdf() },
      ]),
    );
    headers["content-type"] = mp.contentType;
    body = mp.body;
  } else if (entry.body) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(entry.body(w));
  }
  const ownLinkOnly = params.length > 0 && params.every((p) => entry.params![p] === "uploadLink") && actor !== "anonymous";
  return { url: srv.url + path + query, init: { method: route.method, headers, body }, ownLinkOnly };
}

const idRoute = (r: AppRoute) => {
  const e = ROUTE_TABLE[routeKey(r)];
  return !!e && (pathParams(r.path).length > 0 || !!e.query || !!e.idsInBody) && e.auth !== "ws" && e.auth !== "web";
};

describe("every route that takes an id, aimed at broker A's customer", () => {
  for (const actor of ACTORS) {
    test(`as ${actor}: 401/403/404, no leak, nothing changed`, async () => {
      const knowsEmail = actor === "otherBroker" || actor === "otherBrokerKey" || actor === "sameCustomerSecondBroker";
      const secrets = victimSecrets(world, { knowsEmail });
      let tried = 0;
      const failures: string[] = [];
      for (const route of routes.filter(idRoute)) {
        const entry = ROUTE_TABLE[routeKey(route)]!;
        const attack = buildAttack(world, route, entry, actor);
        const before = fingerprint(srv);
        const res = await rawFetch(attack.url, attack.init);
        const after = fingerprint(srv);
        tried++;
        const label = `${actor} ${routeKey(route)} → ${res.status}`;
        try {
          if (attack.ownLinkOnly) {
            expect(res.status, `${label} ${res.text.slice(0, 200)}`).toBeLessThan(500);
          } else {
            expectJsonError(res, label, [401, 403, 404]);
          }
          // The request's own URL may be echoed; nothing else of the victim's may be.
          expectNoLeak(res.text, secrets, label, attack.url);
          if (!(attack.ownLinkOnly && route.method !== "GET")) {
            // Opening one's own link is a read the audit trail records ("link opened"): only its tables may change.
            const changed = changedTables(before, after).filter((table) => !(attack.ownLinkOnly && AUDIT_TABLES.includes(table)));
            expect(changed, `${label} changed tables`).toEqual([]);
          }
        } catch (error) {
          failures.push((error as Error).message.split("\n")[0]!);
        }
      }
      record("routes", { actor, tried, failures: failures.length });
      expect(failures, failures.join("\n")).toEqual([]);
      expect(tried).toBeGreaterThan(20);
    });
  }

  test("the same calls as broker A succeed (the ids are real, so the refusals above mean something)", async () => {
    const owner = { authorization: `Bearer ${world.brokerA.token}` };
    for (const key of ["GET /api/customer/:id", "GET /api/customer/:id/documents", "GET /api/customers/:id/document-limit"]) {
      const res = await rawFetch(`${srv.url}${key.split(" ")[1]!.replace(":id", world.victim.customerId)}`, { headers: owner });
      expect(res.status, key).toBe(200);
    }
    const file = await rawFetch(`${srv.url}/api/documents/${world.victim.documentIds[0]}/download`, { headers: owner });
    expect(file.status).toBe(200);
    expect(file.text).toContain("VICTIM-FILE-BYTES");
    const proxied = await rawFetch(
      `${srv.url}/api/download-proxy?url=${encodeURIComponent(`/api/documents/${world.victim.documentIds[0]}/download`)}`,
      { headers: owner },
    );
    expect(proxied.status).toBe(200);
  });
});

describe("lists and dashboards of other brokers show nothing of A's customer", () => {
  // A GET that names its target in the query (the many-customer export) is attacked above, not listed here.
  const lists = () => routes.filter((r) => r.method === "GET" && ROUTE_TABLE[routeKey(r)]?.auth === "broker" && pathParams(r.path).length === 0 && !ROUTE_TABLE[routeKey(r)]?.query);
  for (const who of ["brokerB", "brokerC"] as const) {
    test(`every broker GET without ids, as ${who}`, async () => {
      const secrets = victimSecrets(world, { knowsEmail: who === "brokerB" });
      const token = world[who].token;
      let tried = 0;
      for (const route of lists()) {
        const res = await rawFetch(srv.url + route.path, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status, `${who} ${route.path}`).toBe(200);
        expectNoLeak(res.text, secrets, `${who} GET ${route.path}`);
        tried++;
      }
      expect(tried).toBeGreaterThanOrEqual(8);
    });
  }

  test("broker A's own list does show the customer (the leak check can see it)", async () => {
    const res = await rawFetch(`${srv.url}/api/customers`, { headers: { authorization: `Bearer ${world.brokerA.token}` } });
    expect(res.text).toContain(world.victim.name);
    expect(res.text).toContain(world.victim.customerId);
  });
});

describe("a proposed checklist draws on the caller's own templates only", () => {
  const suggest = (token: string) =>
    rawFetch(`${srv.url}/api/templates/suggest`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(ROUTE_TABLE["POST /api/templates/suggest"]!.body!(world)),
    });

  test("brokers B and C are never offered A's template wording", async () => {
    for (const who of ["brokerB", "brokerC"] as const) {
      const res = await suggest(world[who].token);
      expect(res.status, who).toBe(200);
      expectNoLeak(res.text, victimSecrets(world, { knowsEmail: who === "brokerB" }), `${who} POST /api/templates/suggest`);
    }
  });

  test("broker A is (the leak check can see it)", async () => {
    const res = await suggest(world.brokerA.token);
    expect(res.text).toContain("Alpha's private request");
  });
});

describe("the tenancy contract: one person, two brokers, two relationships", () => {
  // Its own world: the attacks above must not be able to spoil it (on a build without the
  // contract, broker B's attacks on shared ids change the first world).
  let world: World;
  beforeAll(async () => {
    world = await seedWorld(srv);
  });
  test("B's customer for the same email is a different record with a different link", () => {
    expect(world.victimViaB.customerId).not.toBe(world.victim.customerId);
    expect(world.victimViaB.uploadLink).not.toBe(world.victim.uploadLink);
  });

  test("B's view of its customer carries B's own name, loan type and documents, nothing of A's", async () => {
    const b = { authorization: `Bearer ${world.brokerB.token}` };
    const secrets = victimSecrets(world, { knowsEmail: true });
    for (const path of [`/api/customer/${world.victimViaB.customerId}`, `/api/customer/${world.victimViaB.customerId}/documents`, "/api/customers"]) {
      const res = await rawFetch(srv.url + path, { headers: b });
      expect(res.status, path).toBe(200);
      expectNoLeak(res.text, secrets, `B GET ${path}`, path);
    }
    const detail = await rawFetch(`${srv.url}/api/customer/${world.victimViaB.customerId}`, { headers: b });
    expect(detail.body.name).toBe(world.victimViaB.name);
    expect(detail.body.loanType).toBe("va");
    expect(detail.body.documents.map((d: any) => d.id).sort()).toEqual([...world.victimViaB.documentIds].sort());
  });

  test("a guest on B's link sees only B's documents and brokers: [B]", async () => {
    const res = await rawFetch(`${srv.url}/api/upload/${world.victimViaB.uploadLink}`);
    expect(res.status).toBe(200);
    expect(res.body.brokers.map((b: any) => b.id)).toEqual([world.brokerB.user.id]);
    expect(res.body.documents.map((d: any) => d.id).sort()).toEqual([...world.victimViaB.documentIds].sort());
    expectNoLeak(res.text, victimSecrets(world, { knowsEmail: true }), "guest on linkB");
  });

  test("uploading through B's link into A's document: 404 and nothing changed", async () => {
    const before = fingerprint(srv);
    const mp = multipartBody([{ name: "file", filename: "x.pdf", contentType: "application/pdf", data: victimPdf() }]);
    const res = await rawFetch(`${srv.url}/api/upload/${world.victimViaB.uploadLink}/documents/${world.victim.documentIds[2]}`, {
      method: "POST",
      headers: { "content-type": mp.contentType },
      body: mp.body,
    });
    expectJsonError(res, "upload via linkB into A's document", [404]);
    expect(changedTables(before, fingerprint(srv))).toEqual([]);
  });

  test("the signed-in customer sees both brokers' documents through either link", async () => {
    for (const link of [world.victim.uploadLink, world.victimViaB.uploadLink]) {
      const res = await rawFetch(`${srv.url}/api/upload/${link}`, { headers: { cookie: world.victim.cookie } });
      expect(res.status, link).toBe(200);
      expect(res.body.brokers.map((b: any) => b.id).sort(), `brokers via ${link === world.victim.uploadLink ? "linkA" : "linkB"}`).toEqual(
        [world.brokerA.user.id, world.brokerB.user.id].sort(),
      );
      const ids = res.body.documents.map((d: any) => d.id);
      for (const id of [...world.victim.documentIds, ...world.victimViaB.documentIds]) expect(ids).toContain(id);
    }
  });

  test("files: the owning broker and the signed-in customer may read; the other broker and a guest may not", async () => {
    const url = `${srv.url}/api/documents/${world.victim.documentIds[0]}/download`;
    expect((await rawFetch(url, { headers: { authorization: `Bearer ${world.brokerA.token}` } })).status).toBe(200);
    const own = await rawFetch(url, { headers: { cookie: world.victim.cookie } });
    expect(own.status).toBe(200);
    expect(own.text).toContain("VICTIM-FILE-BYTES");
    expectJsonError(await rawFetch(url, { headers: { authorization: `Bearer ${world.brokerB.token}` } }), "broker B reads A's file", [404]);
    expectJsonError(await rawFetch(url), "guest reads A's file", [401]);
    expectJsonError(await rawFetch(url, { headers: { cookie: world.other.cookie } }), "other customer reads A's file", [404]);
  });

  test("check-email through B's link says nothing about the password set through A's link", async () => {
    const viaB = await rawFetch(`${srv.url}/api/customer/check-email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: world.victim.email, uploadLink: world.victimViaB.uploadLink }),
    });
    expect(viaB.status).toBe(200);
    expect(viaB.body.hasPassword).toBe(false);
    const viaA = await rawFetch(`${srv.url}/api/customer/check-email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: world.victim.email, uploadLink: world.victim.uploadLink }),
    });
    expect(viaA.body).toMatchObject({ exists: true, hasPassword: true });
  });

  test("customer sign-up needs the emailed 6-digit code; wrong codes die after 5 tries", async () => {
    const b = world.brokerB;
    const email = `codecheck-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const c = await (await fetch(`${srv.url}/api/customers`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.token}`, "content-type": "application/json" },
      body: JSON.stringify({ email, requiredDocuments: [{ name: "Paystub" }] }),
    })).json() as { id: string; uploadLink: string };
    const body = { email, password: "a fine password", uploadLink: c.uploadLink };
    const db = srv.server.ctx.db.$client;
    const sessionsBefore = (db.query("select count(*) n from customer_sessions").get() as { n: number }).n;
    const emailsBefore = (db.query(`select count(*) n from emails where "to" = ?`).get(email) as { n: number }).n;

    const first = await rawFetch(`${srv.url}/api/customer/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(first.status, first.text).toBe(202);
    expect(first.body).toMatchObject({ codeRequired: true });
    expect(typeof first.body.message).toBe("string");
    expect(first.headers.get("set-cookie") ?? "").not.toContain("portal_customer=");
    const codeMail = db.query(`select text from emails where "to" = ? order by created_at desc, rowid desc`).all(email) as { text: string }[];
    expect(codeMail.length).toBe(emailsBefore + 1);
    const code = codeIn([codeMail[0]!.text]);
    expect(code).toBeDefined();
    expect((db.query("select count(*) n from customer_sessions").get() as { n: number }).n).toBe(sessionsBefore);
    // Nothing was created without the code: no password, no sign-in with it.
    const check = await rawFetch(`${srv.url}/api/customer/check-email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, uploadLink: c.uploadLink }),
    });
    expect(check.body.hasPassword).toBe(false);
    const early = await rawFetch(`${srv.url}/api/customer/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: body.password, uploadLink: c.uploadLink }),
    });
    expect(early.status).toBe(401);

    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await rawFetch(`${srv.url}/api/customer/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...body, code: wrong }),
      });
      expectJsonError(res, `wrong code #${i + 1}`);
      expect(res.headers.get("set-cookie") ?? "").not.toContain("portal_customer=");
    }
    const dead = await rawFetch(`${srv.url}/api/customer/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, code }),
    });
    expectJsonError(dead, "the right code after 5 wrong ones");
    expect((db.query("select count(*) n from customer_sessions").get() as { n: number }).n).toBe(sessionsBefore);
  });
});
