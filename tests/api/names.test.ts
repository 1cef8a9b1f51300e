// People's names come from brokers, customers and identity providers and go into screens, emails,
// logs and `portal mail list`. A name keeps no line break or other control character (it would
// forge a header or a log line) and no bidi control (it shows "gpj.exe" as "exe.jpg"); and a URL
// typed into a name is never offered as one of the invitation's links.
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { cleanName } from "../../src/shared/validation.ts";
import { createLogger } from "../../src/lib/log.ts";
import { databaseEnv, runCli } from "../support/cli.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";

let srv: TestServer;
let broker: Broker;
beforeAll(async () => {
  srv = await startTestServer({}, { log: createLogger("info") });
  broker = await srv.signUpBroker({ firstName: "Ada\r\nBcc: all@example.com", lastName: "\u202eLovelace\u202c" });
});
afterAll(() => srv.stop());

const HOSTILE = "Eve\r\n\tBcc: all@example.com\u0007\u001b[2J \u202Egpj.exe\u2066\u200f";

describe("cleanName", () => {
  test.each([
    [HOSTILE, "Eve Bcc: all@example.com [2J gpj.exe"],
    ["  Ana   María  ", "Ana María"],
    ["O\u2019Brien-Smith", "O\u2019Brien-Smith"],
    ["\u05d3\u05d5\u05d3 \u0644\u064a\u0644\u0649", "\u05d3\u05d5\u05d3 \u0644\u064a\u0644\u0649"],
    ["\u202e\u200f\r\n", ""],
  ])("%j → %j", (raw, clean) => {
    expect(cleanName(raw)).toBe(clean);
  });
});

const noControls = (value: string | null) => expect(value ?? "").not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);

describe("names are stored clean", () => {
  test("a broker's names at sign-up, and in the profile with the company", async () => {
    expect(broker.user).toMatchObject({ firstName: "Ada Bcc: all@example.com", lastName: "Lovelace" });
    const put = await srv.call("/api/profile", { method: "PUT", token: broker.token, body: { firstName: HOSTILE, lastName: "Smith\n", company: "Acme\r\nLoans\u202e" } });
    expect(put.status).toBe(200);
    const profile = (await srv.call("/api/profile", { token: broker.token })).body;
    expect(profile).toMatchObject({ firstName: "Eve Bcc: all@example.com [2J gpj.exe", lastName: "Smith", company: "Acme Loans" });
  });

  test("a customer's name when invited and when edited; a name of controls only is no name", async () => {
    const created = await srv.call("/api/customers", { method: "POST", token: broker.token, body: { name: HOSTILE, email: "eve@example.com", loanType: "Purchase", requiredDocuments: [{ name: "Paystub" }] } });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("Eve Bcc: all@example.com [2J gpj.exe");
    const edited = await srv.call(`/api/customers/${created.body.id}`, { method: "PUT", token: broker.token, body: { name: "Eve\u2028Adams\u202e", email: "eve@example.com", loanType: "Purchase" } });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe("Eve Adams");
    const blank = await srv.call(`/api/customers/${created.body.id}`, { method: "PUT", token: broker.token, body: { name: "\u202e\r\n", email: "eve@example.com", loanType: "Purchase" } });
    expect(blank).toMatchObject({ status: 400, body: { message: "Please fill in all required fields" } });
    const list = (await srv.call("/api/customers", { token: broker.token })).body;
    for (const c of list) noControls(c.name);
  });

  test("a requested document's name, custom or typed, and a checklist template's names", async () => {
    const created = await srv.call("/api/customers", {
      method: "POST",
      token: broker.token,
      body: { name: "Doc Names", email: "docs@example.com", loanType: "Purchase", requiredDocuments: [{ name: "Pay\r\nstub\u202e" }, { name: "custom:W-2\u2066 form\n:Last year's" }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.documents.map((d: { name: string }) => d.name).sort()).toEqual(["Pay stub", "W-2 form"]);
    const template = await srv.call("/api/templates", {
      method: "POST",
      token: broker.token,
      body: { name: "Refi\r\nchecklist\u202e", trade: "Mortgage", description: "", documents: [{ name: "Bank\nstatement\u200f", description: "" }] },
    });
    expect(template.status).toBe(201);
    expect(template.body).toMatchObject({ name: "Refi checklist", documents: [{ name: "Bank statement" }] });
  });
});

describe("an invitation's links are the ones the portal built", () => {
  let spies: ReturnType<typeof spyOn>[] = [];
  afterEach(() => spies.forEach((spy) => spy.mockRestore()));

  test("a URL in the customer's name is neither logged nor listed as a link", async () => {
    const lines: string[] = [];
    spies = (["log", "error"] as const).map((method) => spyOn(console, method).mockImplementation((line: string) => void lines.push(line)));
    const created = await srv.call("/api/customers", {
      method: "POST",
      token: broker.token,
      body: { name: "https://evil.example/login Eve", email: "links@example.com", loanType: "Purchase", requiredDocuments: [{ name: "Paystub" }] },
    });
    expect(created.status).toBe(201);
    await srv.runJobs();
    const logged = lines.filter((line) => line.includes("Email kept in the outbox") && line.includes("links@example.com"));
    expect(logged.length).toBeGreaterThanOrEqual(1);
    for (const line of logged) {
      expect(line).toContain(`/upload/${created.body.uploadLink}`);
      expect(line).not.toContain("evil.example");
    }
    for (const spy of spies) spy.mockRestore();
    spies = [];

    const res = await runCli(["mail", "list", "--data", srv.dataDir], databaseEnv(srv));
    expect(res.exitCode).toBe(0);
    const linkLines = res.stdout.split("\n").filter((line) => line.trimStart().startsWith("link: "));
    expect(linkLines.some((line) => line.includes(`/upload/${created.body.uploadLink}`))).toBe(true);
    expect(linkLines.filter((line) => line.includes("evil.example"))).toEqual([]);
  });
});
