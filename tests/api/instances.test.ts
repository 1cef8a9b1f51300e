// Two `portal serve` processes on one PostgreSQL database and one S3 bucket, as behind a load
// balancer: what a customer does through one reaches the broker connected to the other, and
// emails due at once are sent exactly once between them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { serveProcess, type ServeProcess } from "../support/cli.ts";
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled } from "../support/postgres.ts";
import { startS3Server, type S3TestServer } from "../support/s3.ts";
import { remoteServer, tempDir } from "../support/server.ts";
import { uploadThroughOneHeardOnTheOther } from "../support/two-instances.ts";
import { startSmtp, type TestSmtp } from "../support/smtp.ts";

if (!postgresInstalled) console.log(`instances.test.ts skipped: ${POSTGRES_MISSING}`);


async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

describe.skipIf(!postgresInstalled)("two instances on one PostgreSQL and one bucket", () => {
  let s3: S3TestServer;
  let smtp: TestSmtp;
  let a: ServeProcess;
  let b: ServeProcess;
  const dirs: string[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    smtp = await startSmtp();
    const shared = {
      DATABASE_URL: await createTestDatabase(),
      ...s3.env(await s3.createBucket()),
      SMTP_URL: smtp.url,
      SESSION_SECRET: "one secret for every instance, 32+ characters long",
      PUBLIC_URL: "https://portal.example.com",
    };
    // Each instance has a data directory of its own (its lock and its uploads in progress).
    const start = () => {
      const dir = tempDir("portal-instance-");
      dirs.push(dir);
      return serveProcess(dir, shared);
    };
    [a, b] = await Promise.all([start(), start()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.stop();
    await s3?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test("a customer's upload through one instance reaches the broker's socket on the other; 500 emails due at once go out once", async () => {
    const { cookie } = await uploadThroughOneHeardOnTheOther(a.url, b.url);
    const viaA = remoteServer(a.url);
    const viaB = remoteServer(b.url);

    // 500 customers (through both instances), then one bulk reminder: 500 emails due at once.
    const CUSTOMERS = 500;
    for (let i = 0; i < CUSTOMERS; i += 25) {
      const batch = Array.from({ length: Math.min(25, CUSTOMERS - i) }, (_, j) => i + j);
      const answers = await Promise.all(
        batch.map((n) => (n % 2 ? viaA : viaB).call("/api/customers", { method: "POST", headers: { cookie }, body: { email: `c${n}@example.com`, requiredDocuments: [{ name: "W-2" }] } })),
      );
      expect(answers.map((r) => r.status)).toEqual(batch.map(() => 201));
    }
    const reminded = await viaA.call("/api/send-bulk-reminders", { method: "POST", headers: { cookie } });
    expect(reminded.status).toBe(200);

    const remindersTo = () => smtp.received.filter((m) => /reminder/i.test(m.subject));
    await waitUntil(() => remindersTo().length >= CUSTOMERS, 90_000, "every reminder to arrive").catch((error) => {
      throw new Error(`${(error as Error).message}: ${remindersTo().length} reminders of ${smtp.received.length} emails; subjects ${[...new Set(smtp.received.map((m) => m.subject))].join(" | ")}`);
    });
    // Another scheduler pass of each instance (every 5 s) must not send any again.
    await Bun.sleep(6_000);
    const reminders = remindersTo();
    // Sam sent the one document asked of them: only the 500 still owe something.
    expect(reminders.length).toBe(CUSTOMERS);
    expect(new Set(reminders.map((m) => m.to[0])).size).toBe(CUSTOMERS);
    expect(reminders.some((m) => m.to[0] === "sam@example.com")).toBe(false);
    const invitations = smtp.received.filter((m) => !/reminder/i.test(m.subject));
    expect(new Set(invitations.map((m) => m.messageId)).size).toBe(invitations.length);
  }, 180_000);
});
