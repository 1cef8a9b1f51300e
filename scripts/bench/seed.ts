// Seeds a data directory with one broker and N customers of 10 documents each, in a realistic
// mix of statuses. Used by the benchmarks; prints the broker's bearer token and a customer id.
import { eq, inArray } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "../../db/client.ts";
import { documents } from "../../db/schema.ts";
import { loadConfig } from "../../src/config.ts";
import { buildContext } from "../../src/context.ts";
import { createBrokerAccount, createSession } from "../../src/features/auth/service.ts";
import { createCustomer } from "../../src/features/customers/requests.ts";
import { createLogger } from "../../src/lib/log.ts";
import { STANDARD_DOCUMENTS } from "../../src/shared/documents.ts";

export async function seedBroker(dataDir: string, customers: number) {
  const config = loadConfig({ DATA_DIR: dataDir });
  const db = openDatabase(dataDir);
  migrateDatabase(db);
  const ctx = buildContext(config, db, { log: createLogger("silent") });
  const broker = await createBrokerAccount(ctx, { email: "bench@example.com", password: "bench password", firstName: "Bench", lastName: "Broker" });
  const { token } = createSession(ctx, broker.id);
  const due = new Date(Date.now() + 5 * 86_400_000).toISOString();
  let firstCustomerId = "";
  for (let i = 0; i < customers; i++) {
    const c = createCustomer(ctx, {
      broker,
      name: `Customer ${String(i).padStart(4, "0")}`,
      email: `customer${i}@example.com`,
      loanType: i % 2 ? "fha" : "conventional",
      dueDate: due,
      requiredDocuments: STANDARD_DOCUMENTS.map((d) => ({ name: d.name })),
    });
    firstCustomerId ||= c.id;
    // A mix of states: some uploaded, some approved, the rest still requested.
    const ids = c.documents.map((d) => d.id);
    db.update(documents).set({ status: "approved", verifiedAt: new Date(), originalName: "file.pdf", fileSize: 200_000 }).where(inArray(documents.id, ids.slice(0, i % 4))).run();
    db.update(documents).set({ status: "uploaded", uploadedAt: new Date(), originalName: "file.pdf", fileSize: 200_000 }).where(eq(documents.id, ids[9]!)).run();
  }
  db.$client.close();
  return { token, customerId: firstCustomerId };
}
