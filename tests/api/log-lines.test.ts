// Names and subjects come from customers and brokers. A newline (or any other control character)
// in one must never start a forged line in the server log or in `portal mail list`.
import { write } from "../../src/lib/unit-of-work.ts";
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { queueEmail } from "../../src/features/mail/service.ts";
import { createLogger } from "../../src/lib/log.ts";
import { databaseEnv, runCli } from "../support/cli.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { exec, statement } from "../support/sql.ts";

const FORGED = "Eve\n2026-01-01T00:00:00.000Z INFO Admin password changed\r\u2028\u0085\u001b[2J";
const LINE_BREAKS = /[\n\r\u2028\u2029\u0085\u001b]/;

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({}, { log: createLogger("info") });
});
afterAll(() => srv.stop());

let spies: ReturnType<typeof spyOn>[] = [];
const captureConsole = () => {
  const lines: string[] = [];
  spies = (["log", "error"] as const).map((method) => spyOn(console, method).mockImplementation((line: string) => void lines.push(line)));
  return lines;
};
afterEach(() => spies.forEach((spy) => spy.mockRestore()));

describe("the server log", () => {
  test("control characters in a message or its fields are escaped: one call, one line", () => {
    const lines = captureConsole();
    createLogger("info").warn(`Customer ${FORGED} signed in`, { name: FORGED });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(LINE_BREAKS);
    expect(lines[0]).toContain("Customer Eve\\n2026-01-01T00:00:00.000Z INFO Admin password changed\\r\\u2028\\u0085\\u001b[2J signed in");
  });

  test("an email kept in the outbox is logged on one line whatever its subject says", async () => {
    const lines = captureConsole();
    await write(srv.server.ctx, (tx) => queueEmail(srv.server.ctx, tx, { kind: "test", to: "a@example.com", dedupeKey: "log-lines:1", subject: `Hello ${FORGED}`, text: "hi", html: "" }));
    await srv.runJobs();
    const logged = lines.filter((line) => line.includes("Email kept in the outbox"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toMatch(LINE_BREAKS);
  });
});

describe("portal mail list", () => {
  test("each email is one line; subjects and errors cannot add lines of their own", async () => {
    const { ctx } = srv.server;
    await write(ctx, (tx) => queueEmail(ctx, tx, { kind: "test", to: "b@example.com", dedupeKey: "log-lines:2", subject: `Hi ${FORGED}`, text: `see ${FORGED}`, html: "" }));
    await exec(ctx.db, statement("update emails set last_error = ? where dedupe_key = ?", `refused\n${FORGED}`, "log-lines:2"));
    const res = await runCli(["mail", "list", "--data", srv.dataDir], databaseEnv(srv));
    expect(res.exitCode).toBe(0);
    const lines = res.stdout.trimEnd().split("\n");
    // Records start at the left margin; their details (error, links) are indented beneath them.
    expect(lines.filter((line) => !line.startsWith(" "))).toHaveLength(2);
    for (const line of lines) expect(line).not.toMatch(/[\r\u2028\u2029\u0085\u001b]/);
    expect(res.stdout).toContain("Hi Eve\\n2026-01-01T00:00:00.000Z INFO Admin password changed");
    expect(res.stdout).toContain("error: refused\\nEve\\n");
  });
});
