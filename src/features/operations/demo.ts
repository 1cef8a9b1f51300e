// `portal demo`: a believable brokerage in a new data directory, so a newcomer sees a living
// product at once. Everything goes through the features' own services (invitations, uploads,
// reviews), so the data is exactly what real use would leave: notifications, activity, emails
// in the outbox. A clock set weeks back lets invitations age, due dates pass and documents go
// overdue as they would have. No email leaves the machine: the outbox is worked off as "logged".
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { closeDatabase, migrateDatabase, openDatabase } from "../../../db/client.ts";
import { loadConfig, type ConfigOverrides } from "../../config.ts";
import { buildContext, type AppContext } from "../../context.ts";
import { subscribeSideEffects } from "../../side-effects.ts";
import { detachedJobs, jobHandlers, periodicTasks } from "../../jobs.ts";
import { ManualClock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { Scheduler } from "../../lib/jobs.ts";
import { createLogger } from "../../lib/log.ts";
import { STANDARD_DOCUMENTS } from "../../shared/documents.ts";
import { CREATE_LOAN_TYPES } from "../../shared/loan-types.ts";
import { listBrokers } from "../auth/admin.ts";
import { createBrokerAccount } from "../auth/service.ts";
import type { PublicUser } from "../auth/model.ts";
import { createCustomer } from "../customers/requests.ts";
import { setPlan } from "../billing/service.ts";
import { verifyDocument } from "../documents/review.ts";
import { attachUploadedFile } from "../documents/uploads.ts";
import { systemActor } from "../audit/actor.ts";
import { setDocumentExpiry } from "../expiry/service.ts";
import { shareDocuments } from "../sharing/service.ts";
import { addIsoDays } from "../../shared/reminder-cadence.ts";
import { membershipOf } from "../workspaces/members.ts";
import type { Scope } from "../../shared/workspaces.ts";

export const DEMO_PASSWORD = "demo password";
export const DEMO_BROKERS = [
  { email: "demo@example.com", firstName: "Dana", lastName: "Morgan", customers: 170 },
  { email: "alex@example.com", firstName: "Alex", lastName: "Reyes", customers: 30 },
] as const;

const FIRST = ["Sam", "Priya", "Jordan", "Maria", "Wei", "Olivia", "Ahmed", "Grace", "Lucas", "Fatima", "Noah", "Elena", "Kenji", "Amara", "Liam", "Sofia", "Diego", "Hannah", "Omar", "Chloe"];
const LAST = ["Carter", "Patel", "Nguyen", "Garcia", "Chen", "Okafor", "Schmidt", "Rossi", "Kowalski", "Haddad", "Larsen", "Silva", "Tanaka", "Mensah", "Murphy"];
const DAY = 86_400_000;
const HISTORY_DAYS = 45;

/** A small, real PDF: opens in any viewer and passes the upload check by its bytes. */
const DEMO_PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
4 0 obj << /Length 44 >> stream
BT /F1 18 Tf 40 70 Td (Demo document) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

export interface DemoSummary {
  dataDir: string;
  brokers: number;
  customers: number;
  documents: number;
}

export async function fillDemo(overrides: ConfigOverrides): Promise<DemoSummary> {
  // No SMTP whatever the environment says: demo invitations must never reach a real inbox.
  const config = { ...loadConfig(process.env, overrides), smtpUrl: null };
  const db = openDatabase(config.dataDir);
  migrateDatabase(db);
  const now = Date.now();
  const clock = new ManualClock(now - HISTORY_DAYS * DAY);
  const ctx = subscribeSideEffects(buildContext(config, db, { clock, log: createLogger("silent") }));
  try {
    if ((await listBrokers(ctx)).length > 0) {
      throw new AppError("conflict", `${config.dataDir} already has broker accounts; portal demo fills only a new data directory (try --data ./demo-data)`);
    }
    let customers = 0;
    let documents = 0;
    let n = 0;
    for (const spec of DEMO_BROKERS) {
      const broker = await createBrokerAccount(ctx, { email: spec.email, password: DEMO_PASSWORD, firstName: spec.firstName, lastName: spec.lastName });
      // With billing on a new broker is on Free (3 customers): the demo brokers get Unlimited.
      await setPlan(ctx, broker.id, "unlimited");
      for (let i = 0; i < spec.customers; i++, n++) {
        // Invitations spread over the weeks of history, oldest first.
        const invitedAt = now - HISTORY_DAYS * DAY + Math.floor((n / 200) * (HISTORY_DAYS - 1) * DAY);
        clock.advance(Math.max(0, invitedAt - clock.now().getTime()));
        documents += await demoCustomer(ctx, broker, n, new Date(now).toISOString().slice(0, 10));
        customers++;
      }
    }
    // Back to the present: overdue documents become overdue, the outbox is worked off (logged).
    clock.advance(now - clock.now().getTime());
    const scheduler = new Scheduler(ctx, jobHandlers, { detached: detachedJobs, periodic: periodicTasks });
    while ((await scheduler.tick()) > 0);
    await scheduler.stop();
    return { dataDir: config.dataDir, brokers: DEMO_BROKERS.length, customers, documents };
  } finally {
    closeDatabase(db);
  }
}

/**
 * One customer at one stage of their file; returns how many documents they were asked for.
 * `today` (the real present, as YYYY-MM-DD) dates the expiries, so "Expiring soon" has rows.
 */
async function demoCustomer(ctx: AppContext, broker: PublicUser, n: number, today: string): Promise<number> {
  const first = FIRST[n % FIRST.length]!;
  const last = LAST[(n * 7) % LAST.length]!;
  const wanted = STANDARD_DOCUMENTS.slice(n % 3, (n % 3) + 3 + (n % 4));
  const member = (await membershipOf(ctx, broker.id))!;
  const customer = await createCustomer(ctx, {
      broker,
      member,
      name: `${first} ${last}`,
      email: `${first}.${last}.${n}@example.com`.toLowerCase(),
      loanType: CREATE_LOAN_TYPES[n % CREATE_LOAN_TYPES.length]!.id,
      dueDate: new Date(ctx.clock.now().getTime() + (7 + (n % 4) * 7) * DAY).toISOString(),
      requiredDocuments: wanted.map((d) => ({ name: d.name })),
    });
  // Stage by position: some have sent nothing yet, some everything; some files approved, some
  // sent back, the rest waiting for the broker.
  const stage = n % 5;
  const uploads = stage === 0 ? 0 : stage === 4 ? customer.documents.length : Math.min(customer.documents.length, stage + 1);
  for (const [i, doc] of customer.documents.slice(0, uploads).entries()) {
    const tempPath = join(ctx.files.tempDir, `demo-${doc.id}`);
    writeFileSync(tempPath, DEMO_PDF);
    await attachUploadedFile(ctx, { customerIds: [customer.id], documentId: doc.id, file: { tempPath, originalName: `${doc.name}.pdf`, mimeType: "application/pdf", size: DEMO_PDF.length, fields: {} } });
    if (stage >= 3 && i % 3 !== 2) {
      await verifyDocument(ctx, { broker, member, documentId: doc.id, status: "approved" });
      // Some approved papers expire within the dashboard's 30 days ("Expiring soon"); the
      // scheduler then asks those customers for a current one, as it would have.
      if (i === 0 && n % 4 === 3) await setDocumentExpiry(ctx, { member, documentId: doc.id, expiresOn: addIsoDays(today, 3 + (n % 25)) });
    } else if (stage === 2 && i === 0) await verifyDocument(ctx, { broker, member, documentId: doc.id, status: "rejected", rejectionReason: "The scan is cut off at the bottom; please send the whole page." });
  }
  // Some customers were sent a file by the broker (the dashboard's "Shared Documents").
  if (n % 12 === 5) await shareDemoFile(ctx, broker, member, customer.id);
  return customer.documents.length;
}

/** Shares one PDF with a customer through the sharing feature, as the Send Documents dialog would. */
async function shareDemoFile(ctx: AppContext, broker: PublicUser, member: Scope, customerId: string): Promise<void> {
  const form = new FormData();
  form.append("documents", new File([DEMO_PDF], "Rate lock confirmation.pdf", { type: "application/pdf" }));
  form.append("customerIds", JSON.stringify([customerId]));
  const request = new Request("http://demo.invalid/api/documents/share", { method: "POST", body: form });
  await shareDocuments(ctx, { broker, member, request, actor: systemActor("Demo data") });
}
