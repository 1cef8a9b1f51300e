// `portal demo` fills a new data directory with a brokerage whose dashboard has something in every
// panel: "Expiring soon" and "Shared Documents" were empty (issue 39, item 6). The demo writes a
// SQLite file and local files, so this runs on the SQLite run only.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { dialect } from "../../db/dialect.ts";
import { DEMO_BROKERS, DEMO_PASSWORD, fillDemo } from "../../src/features/operations/demo.ts";
import { startTestServer, tempDir, type TestServer } from "../support/server.ts";

const dir = tempDir("portal-demo-data-");
let srv: TestServer | null = null;
afterAll(async () => {
  await srv?.server.stop();
  rmSync(dir, { recursive: true, force: true });
});

test.skipIf(dialect === "postgres" || process.env.TEST_STORAGE === "s3")(
  "the demo brokerage's dashboard has expiring documents and shared documents, and its overview starts with the overdue",
  async () => {
    await fillDemo({ dataDir: dir });
    srv = await startTestServer({ DATA_DIR: dir });
    for (const broker of DEMO_BROKERS) {
      const signIn = await srv.call<any>("/api/auth/signin", { method: "POST", body: { email: broker.email, password: DEMO_PASSWORD } });
      expect(signIn.status).toBe(200);
      const token = signIn.body.token as string;

      const expiring = await srv.call<any>("/api/dashboard/expiring-documents", { token });
      expect(expiring.status).toBe(200);
      expect(expiring.body.documents.length).toBeGreaterThan(0);
      const until = new Date(Date.now() + expiring.body.withinDays * 86_400_000).toISOString().slice(0, 10);
      for (const row of expiring.body.documents) expect(row.expiresOn <= until).toBe(true);

      const shared = await srv.call<any[]>("/api/shared-documents", { token });
      expect(shared.status).toBe(200);
      expect(shared.body.length).toBeGreaterThan(0);
      expect(shared.body.every((row) => row.status === "shared")).toBe(true);

      const overview = await srv.call<any>("/api/all-customers?page=1&pageSize=12&status=all&sort=urgency", { token });
      expect(overview.body.customers[0].documentCounts.overdue).toBeGreaterThan(0);
    }
  },
  120_000,
);
