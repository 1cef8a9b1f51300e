// Seeds a data directory with one broker and N customers of 10 documents each, in a realistic
// mix of statuses, plus what the other reads need: notifications for the broker and the first
// customer, a few shared files, and a signed-in customer account on the first customer's link.
// Used by the benchmarks; returns the broker's bearer token, a customer and its link.
// With DATABASE_URL (postgres://…) in this process's environment it seeds that PostgreSQL database
// instead of the SQLite file in dataDir (the table objects are chosen per process, db/tables.ts).
import { eq, inArray } from "drizzle-orm";
import { closeAnyDatabase, openMigratedDatabase } from "../../db/database.ts";
import { customerAccounts, customerSessions, documents, notifications } from "../../db/tables.ts";
import { loadConfig } from "../../src/config.ts";
import { buildContext } from "../../src/context.ts";
import { subscribeSideEffects } from "../../src/side-effects.ts";
import { createBrokerAccount, createSession } from "../../src/features/auth/service.ts";
import { createCustomer } from "../../src/features/customers/requests.ts";
import { createLogger } from "../../src/lib/log.ts";
import { hashToken, newId, randomToken } from "../../src/lib/tokens.ts";
import { STANDARD_DOCUMENTS } from "../../src/shared/documents.ts";
import { transaction } from "../../db/transaction.ts";
import { membershipOf } from "../../src/features/workspaces/members.ts";

export interface Seeded {
  /** The broker's bearer token. */
  token: string;
  customerId: string;
  uploadLink: string;
  /** A customer session token for the account of the first customer's email. */
  customerToken: string;
  /** Ids of every seeded customer, in creation order. */
  customerIds: string[];
}

/**
 * The settings a seeding script opens the database with: dataDir, plus the PostgreSQL database and
 * S3 bucket of this process's environment when set (so the seeded data is where the portal looks).
 */
export function benchEnv(dataDir: string): Record<string, string> {
  const env: Record<string, string> = { DATA_DIR: dataDir };
  for (const [name, value] of Object.entries(process.env)) {
    if (value && (name === "DATABASE_URL" || name === "SESSION_SECRET" || name.startsWith("S3_"))) env[name] = value;
  }
  return env;
}

export async function seedBroker(dataDir: string, customers: number, options: { email?: string } = {}): Promise<Seeded> {
  const config = loadConfig(benchEnv(dataDir));
  const db = await openMigratedDatabase(config);
  const ctx = subscribeSideEffects(buildContext(config, db, { log: createLogger("silent") }));
  const broker = await createBrokerAccount(ctx, { email: options.email ?? "bench@example.com", password: "bench password", firstName: "Bench", lastName: "Broker" });
  const { token } = await createSession(ctx, broker.id);
  const due = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const customerIds: string[] = [];
  let uploadLink = "";
  let firstEmail = "";
  for (let i = 0; i < customers; i++) {
    const email = `customer${i}@example.com`;
    const c = await createCustomer(ctx, {
      broker, member: (await membershipOf(ctx, broker.id))!,
      name: `Customer ${String(i).padStart(5, "0")}`,
      email,
      loanType: i % 2 ? "fha" : "conventional",
      dueDate: due,
      requiredDocuments: STANDARD_DOCUMENTS.map((d) => ({ name: d.name })),
    });
    customerIds.push(c.id);
    uploadLink ||= c.uploadLink;
    firstEmail ||= email;
    // A mix of states: some uploaded, some approved, the rest still requested; every 20th has a shared file.
    const ids = c.documents.map((d) => d.id);
    const now = new Date();
    await transaction(db, (tx) => tx.update(documents).set({ status: "approved", verifiedAt: now, originalName: "file.pdf", fileSize: 200_000 }).where(inArray(documents.id, ids.slice(0, i % 4))));
    await transaction(db, (tx) => tx.update(documents).set({ status: "uploaded", uploadedAt: now, originalName: "file.pdf", fileSize: 200_000 }).where(eq(documents.id, ids[9]!)));
    if (i % 20 === 0) await transaction(db, (tx) => tx.update(documents).set({ status: "shared", originalName: "shared.pdf", fileSize: 100_000 }).where(eq(documents.id, ids[8]!)));
  }
  // Notifications: 200 for the broker (half read), 20 for the first customer.
  const note = (n: number, extra: Partial<typeof notifications.$inferInsert>) => ({
    id: newId(),
    type: "document_uploaded",
    title: `Notification ${n}`,
    message: `Something happened (${n})`,
    read: n % 2 === 0,
    createdAt: new Date(Date.now() - n * 60_000),
    audience: "broker" as const,
    ...extra,
  });
  for (let n = 0; n < 200; n++) await transaction(db, (tx) => tx.insert(notifications).values(note(n, { brokerId: broker.id })));
  for (let n = 0; n < 20; n++) await transaction(db, (tx) => tx.insert(notifications).values(note(n, { audience: "customer", customerId: customerIds[0]!, type: "documents_requested" })));
  // A signed-in customer: an account for the first customer's email, and a session.
  const accountId = newId();
  const customerToken = randomToken();
  await transaction(db, (tx) => tx.insert(customerAccounts).values({ id: accountId, email: firstEmail, passwordHash: "unused" }));
  await transaction(db, (tx) => tx.insert(customerSessions).values({ id: hashToken(customerToken), accountId, expiresAt: new Date(Date.now() + 86_400_000) }));
  await closeAnyDatabase(db);
  return { token, customerId: customerIds[0]!, uploadLink, customerToken, customerIds };
}
