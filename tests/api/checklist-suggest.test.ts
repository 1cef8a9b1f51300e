// POST /api/templates/suggest (issue 42 item 5): a case in a sentence → a proposed checklist. By
// the rules when no model endpoint is configured (nothing is sent anywhere); with one, a local
// stand-in speaking the same HTTP API is asked, its answer held to the known documents, and a
// stand-in that hangs, answers garbage or a 500 leaves the rules to answer.
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { caseMessages, MAX_CASE_DESCRIPTION } from "../../src/shared/case-checklist.ts";
import { MODEL_SUGGESTIONS_PER_MEMBER } from "../../src/features/templates/suggest.ts";
import { startModelStandIn } from "../support/model-stand-in.ts";
import { useServerWithBroker } from "../support/server.ts";

const CASE = "self-employed borrower buying a condo with a co-borrower";
const suggest = (srv: { call: ReturnType<typeof useServerWithBroker>["srv"]["call"] }, token: string, body: unknown) =>
  srv.call("/api/templates/suggest", { method: "POST", token, body });

// A stand-in that must never be asked: the portal without LLM_* settings sends nothing.
const unasked = startModelStandIn();
const plain = useServerWithBroker();
const standIn = startModelStandIn();
const withModel = useServerWithBroker(standIn.env);
afterAll(() => {
  unasked.stop();
  standIn.stop();
});

describe("without a model endpoint (the default)", () => {
  test("the rules answer, with the words behind each document; nothing is sent anywhere", async () => {
    const res = await suggest(plain.srv, plain.broker.token, { description: `  ${CASE}  ` });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe("rules");
    const names = res.body.documents.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(["Tax Returns", "Purchase Agreement", "Photo ID (co-borrower)"]));
    expect(names).not.toContain("Paystub");
    expect(res.body.documents.find((d: { name: string }) => d.name === "Tax Returns")).toMatchObject({ because: ["self-employed"] });
    expect(unasked.received).toEqual([]);
  });

  test("the workspace's own template's documents are proposed with its wording", async () => {
    const created = await plain.srv.call("/api/templates", {
      method: "POST",
      token: plain.broker.token,
      body: { name: "Gifts", trade: "Mortgage", documents: [{ name: "Gift Letter", description: "Signed by whoever gives the money", rules: null }] },
    });
    expect(created.status).toBe(201);
    const res = await suggest(plain.srv, plain.broker.token, { description: "salaried buyer with gift funds from her parents" });
    expect(res.body.documents).toContainEqual({ name: "Gift Letter", description: "Signed by whoever gives the money", rules: null, because: ["gift funds"] });
  });

  test("bad input: empty, blank, over the limit, not text, no body: 400 with a message", async () => {
    const cases: [unknown, string | null][] = [
      [{ description: "" }, caseMessages.empty],
      [{ description: "   " }, caseMessages.empty],
      [{ description: "x".repeat(MAX_CASE_DESCRIPTION + 1) }, caseMessages.tooLong],
      [{ description: "x".repeat(MAX_CASE_DESCRIPTION + 500) }, null],
      [{ description: 42 }, null],
      [{}, null],
    ];
    for (const [body, message] of cases) {
      const res = await suggest(plain.srv, plain.broker.token, body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
      if (message) expect(res.body.message).toBe(message);
    }
  });

  test("signed out: 401", async () => {
    const res = await plain.srv.call("/api/templates/suggest", { method: "POST", body: { description: CASE } });
    expect(res.status).toBe(401);
  });
});

describe("with a model endpoint (a local stand-in)", () => {
  beforeEach(() => {
    standIn.received.length = 0;
  });

  test("the model is asked with the description and the document names only, and its known documents answer", async () => {
    standIn.mode = {
      kind: "reply",
      content: () =>
        JSON.stringify({
          documents: [
            { name: "Tax Returns", because: "self-employed" },
            { name: "Photo ID (co-borrower)", because: "co-borrower" },
            { name: "A Horoscope", because: "made up" },
          ],
        }),
    };
    const res = await suggest(withModel.srv, withModel.broker.token, { description: CASE });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe("model");
    expect(res.body.documents.map((d: { name: string }) => d.name)).toEqual(["Tax Returns", "Photo ID (co-borrower)"]);
    expect(standIn.received).toHaveLength(1);
    const sent = standIn.received[0]!;
    expect(sent.model).toBe("stand-in-model");
    expect(sent.authorization).toBe("Bearer stand-in-key");
    const user = sent.messages.find((m) => m.role === "user")!.content;
    expect(user).toContain(CASE);
    expect(user).toContain("Purchase Agreement");
    expect(user).not.toContain(withModel.broker.user.email);
  });

  test("an answer in a code fence is read; one naming nothing known is the rules'", async () => {
    standIn.mode = { kind: "reply", content: () => '```json\n{"documents": [{"name": "Bank Statement", "because": "buying"}]}\n```' };
    const fenced = await suggest(withModel.srv, withModel.broker.token, { description: CASE });
    expect(fenced.body).toMatchObject({ source: "model", documents: [{ name: "Bank Statement", because: ["buying"] }] });

    standIn.mode = { kind: "reply", content: () => JSON.stringify({ documents: [{ name: "Moon Rock" }] }) };
    const unknown = await suggest(withModel.srv, withModel.broker.token, { description: CASE });
    expect(unknown.body.source).toBe("rules");
    expect(unknown.body.documents.map((d: { name: string }) => d.name)).toContain("Tax Returns");
  });

  test.each([["hang"], ["garbage"], ["error"]] as const)("a stand-in that answers %s: the rules answer", async (kind) => {
    standIn.mode = { kind };
    const res = await suggest(withModel.srv, withModel.broker.token, { description: CASE });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe("rules");
    expect(res.body.documents.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(["Tax Returns", "Photo ID (co-borrower)"]));
    expect(standIn.received).toHaveLength(1);
  });

  test("a member has the model asked at most 20 times in 10 minutes: then 429 with a message, and nothing is sent; others still ask", async () => {
    standIn.mode = { kind: "reply", content: () => JSON.stringify({ documents: [{ name: "Tax Returns", because: "self-employed" }] }) };
    const busy = await withModel.srv.signUpBroker();
    for (let n = 0; n < MODEL_SUGGESTIONS_PER_MEMBER; n++) expect((await suggest(withModel.srv, busy.token, { description: CASE })).status).toBe(200);
    expect(standIn.received).toHaveLength(MODEL_SUGGESTIONS_PER_MEMBER);
    const refused = await suggest(withModel.srv, busy.token, { description: CASE });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(caseMessages.tooManySuggestions(600));
    expect(refused.body.message).toBe("Too many checklist suggestions. Please try again in 10 minutes.");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(standIn.received).toHaveLength(MODEL_SUGGESTIONS_PER_MEMBER);
    // Another member is not held back by this one.
    expect((await suggest(withModel.srv, withModel.broker.token, { description: CASE })).status).toBe(200);
    // Past the window, the member asks again.
    withModel.srv.clock.advance(10 * 60 * 1000 + 1000);
    expect((await suggest(withModel.srv, busy.token, { description: CASE })).status).toBe(200);
  });

  test("bad input is refused before anything is sent", async () => {
    standIn.mode = { kind: "garbage" };
    const res = await suggest(withModel.srv, withModel.broker.token, { description: " " });
    expect(res.status).toBe(400);
    expect(standIn.received).toEqual([]);
  });
});
