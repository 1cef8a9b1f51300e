// Seeds the workspace bench (workspace.ts): one brokerage of many members and customers, and solo
// brokers beside it on the same portal, each customer with 10 documents in a realistic mix of
// statuses, an audit trail, and notifications for the members. Accounts come from the service
// layer (createBrokerAccount founds each account's workspace, createSession signs it in); the
// bulk rows are batched inserts, because the service's createCustomer one at a time would take
// minutes for 10,000 customers. Every pipeline is built by the same function, so the brokerage
// and the solo brokers differ in size and membership only.
import { eq } from "drizzle-orm";
import { closeAnyDatabase, openMigratedDatabase } from "../../db/database.ts";
import { auditChainHeads, auditEvents, customers, documentExpiries, documents, notifications, users, workspaceMembers, workspaces } from "../../db/tables.ts";
import { transaction } from "../../db/transaction.ts";
import { loadConfig } from "../../src/config.ts";
import { buildContext } from "../../src/context.ts";
import { subscribeSideEffects } from "../../src/side-effects.ts";
import { createBrokerAccount, createSession } from "../../src/features/auth/service.ts";
import { createLogger } from "../../src/lib/log.ts";
import { newId, randomToken } from "../../src/lib/tokens.ts";
import type { DocumentStatus } from "../../src/shared/documents.ts";
import { STANDARD_DOCUMENTS } from "../../src/shared/documents.ts";
import type { AuditAction } from "../../src/shared/audit.ts";
import type { WorkspaceRole } from "../../src/shared/workspaces.ts";
import { benchEnv } from "./seed.ts";

const DAY = 86_400_000;
const BATCH = 400;

/** A signed-in broker of the bench and the customer whose page is read on their behalf. */
export interface BenchActor {
  token: string;
  memberId: string;
  /** A customer this actor sees (for the assigned broker: one of their own), with a long audit trail. */
  customerId: string;
  /** Another member of the workspace, for ?assignee={id} (the actor themselves when alone). */
  otherMemberId: string;
}

export interface SeededWorkspaces {
  owner: BenchActor;
  /** A broker of the same workspace, whose visibility is "assigned". */
  assignedBroker: BenchActor;
  /** Alone in a workspace, with the pipeline of one member of the brokerage. */
  soloTypical: BenchActor;
  /** Alone in a workspace, with as many customers as the whole brokerage. */
  soloLarge: BenchActor;
}

async function insertBatched<T>(db: Awaited<ReturnType<typeof openMigratedDatabase>>, rows: T[], insert: (tx: any, batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await transaction(db, (tx) => insert(tx, batch));
  }
}

/**
 * Where a customer's ten documents stand, by their place in the pipeline: new files with every
 * document still asked for, files in progress (some uploaded, approved, sent back, overdue), and
 * finished files (all approved). About a fifth of the customers have something overdue.
 */
function documentPlan(i: number): DocumentStatus[] {
  const stage = i % 10;
  if (stage <= 1) return Array(10).fill("requested");
  if (stage >= 8) return Array(10).fill("approved");
  const approved = 2 + (i % 5);
  const plan: DocumentStatus[] = Array(10).fill("requested");
  for (let d = 0; d < approved; d++) plan[d] = "approved";
  plan[approved] = "uploaded";
  if (stage === 3) plan[approved + 1] = "need_to_resubmit";
  if (stage === 4 || stage === 5) plan[9] = "overdue";
  return plan;
}

/** The audit actions a document in that status has been through. */
const trailOf = (status: DocumentStatus): AuditAction[] =>
  status === "approved" ? ["uploaded", "approved"] : status === "uploaded" ? ["uploaded"] : status === "need_to_resubmit" ? ["uploaded", "resubmit_requested"] : status === "overdue" ? ["reminder_sent"] : [];

/**
 * `count` customers of one workspace, assigned round-robin to `assignees`, invited over the last
 * year (the newest last), with their documents and audit trail. Answers the customers' ids.
 */
async function seedPipeline(
  db: Awaited<ReturnType<typeof openMigratedDatabase>>,
  input: { workspaceId: string; assignees: { id: string; label: string }[]; count: number; tag: string },
): Promise<{ ids: string[]; assigneeOf: string[] }> {
  const now = Date.now();
  const customerRows: (typeof customers.$inferInsert)[] = [];
  const documentRows: (typeof documents.$inferInsert)[] = [];
  const auditRows: (typeof auditEvents.$inferInsert)[] = [];
  const expiryRows: (typeof documentExpiries.$inferInsert)[] = [];
  let sequence = 0;
  const audit = (customerId: string, customerLabel: string, at: number, actor: { id: string; label: string } | null, action: AuditAction, documentName: string | null = null) => {
    sequence++;
    auditRows.push({
      id: newId(),
      workspaceId: input.workspaceId,
      sequence,
      customerId,
      customerLabel,
      at: new Date(at),
      actorKind: actor ? "broker" : "customer",
      actorId: actor?.id ?? null,
      actorLabel: actor?.label ?? customerLabel,
      address: actor ? "127.0.0.1" : "203.0.113.7",
      action,
      documentId: null,
      documentName,
      detail: null,
      prevHash: "0".repeat(64),
      hash: "0".repeat(64),
    });
  };
  for (let i = 0; i < input.count; i++) {
    const id = newId();
    const assignee = input.assignees[i % input.assignees.length]!;
    // The customer's place in its assignee's pipeline: where its file stands follows from it, so
    // each member's 200 are the same mix as the solo broker's 200. (By `i`, every 50th customer,
    // all one member's, stood at the same stage: the assigned broker's 200 had only new files.)
    const p = Math.floor(i / input.assignees.length);
    const invitedAt = now - Math.round(((input.count - i) / input.count) * 365 * DAY);
    const accepted = p % 3 !== 0;
    const name = `${input.tag} Customer ${String(i).padStart(5, "0")}`;
    const email = `${input.tag.toLowerCase()}.customer${i}@example.com`;
    customerRows.push({
      id,
      workspaceId: input.workspaceId,
      assigneeId: assignee.id,
      email,
      name,
      loanType: i % 2 ? "fha" : "conventional",
      uploadLink: randomToken(24),
      invitationStatus: accepted ? "accepted" : "pending",
      invitedAt: new Date(invitedAt),
      acceptedAt: accepted ? new Date(invitedAt + DAY) : null,
      lastActiveAt: accepted ? new Date(invitedAt + 3 * DAY) : null,
    });
    audit(id, name, invitedAt, assignee, "invited");
    audit(id, name, invitedAt, assignee, "documents_requested");
    const plan = documentPlan(p);
    plan.forEach((status, d) => {
      const { name: documentName } = STANDARD_DOCUMENTS[d]!;
      const overdue = status === "overdue";
      const hasFile = status === "approved" || status === "uploaded" || status === "need_to_resubmit";
      // Approved ones verified over the last days, some today (the dashboard's "completed today").
      const verifiedAt = status === "approved" ? new Date(now - ((p + d) % 72) * 3_600_000) : null;
      const documentId = newId();
      // The first document, once approved, carries an expiry date within the next year; those
      // due for renewal were already asked for again (so the scheduler has nothing to do).
      if (d === 0 && status === "approved") {
        const inDays = ((p * 7) % 365) + 1;
        expiryRows.push({ documentId, workspaceId: input.workspaceId, customerId: id, expiresOn: new Date(now + inDays * DAY).toISOString().slice(0, 10), renewalRequestedAt: inDays <= 45 ? new Date(now) : null });
      }
      documentRows.push({
        id: documentId,
        customerId: id,
        workspaceId: input.workspaceId,
        assigneeId: assignee.id, // the customer's, as documents/creation.ts gives it
        name: documentName,
        status,
        dueDate: new Date(overdue ? now - ((p % 9) + 1) * DAY : now + ((p + d) % 21) * DAY + 3_600_000),
        originalName: hasFile ? "file.pdf" : null,
        mimeType: hasFile ? "application/pdf" : null,
        fileSize: hasFile ? 200_000 : null,
        storageKey: hasFile ? `bench/${id}/${d}.pdf` : null,
        uploadedAt: hasFile ? new Date(invitedAt + 2 * DAY) : null,
        verifiedAt,
      });
      for (const action of trailOf(status)) audit(id, name, invitedAt + 2 * DAY, action === "uploaded" ? null : assignee, action, documentName);
    });
    if (p % 20 === 0) {
      documentRows.push({ id: newId(), customerId: id, workspaceId: input.workspaceId, assigneeId: assignee.id, name: "Rate lock confirmation", status: "shared", originalName: "shared.pdf", mimeType: "application/pdf", fileSize: 100_000, storageKey: `bench/${id}/shared.pdf` });
      audit(id, name, invitedAt + 4 * DAY, assignee, "shared", "Rate lock confirmation");
    }
  }
  // Each assignee's first customer (whose page is read) has a trail of a few pages: links opened.
  for (const first of customerRows.slice(0, input.assignees.length)) {
    for (let n = 0; n < 60; n++) audit(first.id!, first.name!, now - (60 - n) * 3_600_000, null, "link_opened");
  }
  await insertBatched(db, customerRows, (tx, batch) => tx.insert(customers).values(batch));
  await insertBatched(db, documentRows, (tx, batch) => tx.insert(documents).values(batch));
  await insertBatched(db, expiryRows, (tx, batch) => tx.insert(documentExpiries).values(batch));
  await insertBatched(db, auditRows, (tx, batch) => tx.insert(auditEvents).values(batch));
  await transaction(db, (tx) => tx.insert(auditChainHeads).values({ workspaceId: input.workspaceId, sequence, hash: "0".repeat(64) }));
  return { ids: customerRows.map((c) => c.id!), assigneeOf: customerRows.map((c) => c.assigneeId!) };
}

/** 200 notifications for each of these brokers (half read), over the last days. */
async function seedNotifications(db: Awaited<ReturnType<typeof openMigratedDatabase>>, brokerIds: string[]): Promise<void> {
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const brokerId of brokerIds) {
    for (let n = 0; n < 200; n++) {
      rows.push({ id: newId(), audience: "broker", brokerId, type: "document_uploaded", title: `Notification ${n}`, message: `A customer uploaded a document (${n})`, read: n % 2 === 0, createdAt: new Date(Date.now() - n * 1_800_000) });
    }
  }
  await insertBatched(db, rows, (tx, batch) => tx.insert(notifications).values(batch));
}

const ROLE_OF = (n: number): WorkspaceRole => (n === 0 ? "owner" : n % 5 === 0 ? "assistant" : "broker");

export async function seedWorkspaces(dataDir: string, sizes: { members: number; customers: number; typical: number }): Promise<SeededWorkspaces> {
  const config = loadConfig(benchEnv(dataDir));
  const db = await openMigratedDatabase(config);
  const ctx = subscribeSideEffects(buildContext(config, db, { log: createLogger("silent") }));
  const account = (email: string, firstName: string, lastName: string) => createBrokerAccount(ctx, { email, password: "bench password", firstName, lastName });

  // The brokerage: its owner founds it; the other members (every fifth an assistant) join it.
  const owner = await account("owner@brokerage.example", "Olive", "Owner");
  const members = [{ id: owner.id, label: "Olive Owner" }];
  const memberRows: { id: string; email: string; passwordHash: string; firstName: string; lastName: string }[] = [];
  for (let n = 1; n < sizes.members; n++) {
    const id = newId();
    memberRows.push({ id, email: `member${n}@brokerage.example`, passwordHash: "unused", firstName: `Member`, lastName: String(n) });
    members.push({ id, label: `Member ${n}` });
  }
  await transaction(db, async (tx) => {
    await tx.insert(users).values(memberRows);
    await tx.insert(workspaceMembers).values(memberRows.map((m, n) => ({ userId: m.id, workspaceId: owner.id, role: ROLE_OF(n + 1) })));
    await tx.update(workspaces).set({ visibility: "assigned", name: "Bench Brokerage" }).where(eq(workspaces.id, owner.id));
  });
  const brokerage = await seedPipeline(db, { workspaceId: owner.id, assignees: members, count: sizes.customers, tag: "Team" });
  const broker = members[1]!; // ROLE_OF(1): a broker
  const brokersCustomer = brokerage.ids[brokerage.assigneeOf.indexOf(broker.id)]!;

  const soloTypical = await account("typical@solo.example", "Sam", "Solo");
  const typical = await seedPipeline(db, { workspaceId: soloTypical.id, assignees: [{ id: soloTypical.id, label: "Sam Solo" }], count: sizes.typical, tag: "Typical" });
  const soloLarge = await account("large@solo.example", "Lara", "Large");
  const large = await seedPipeline(db, { workspaceId: soloLarge.id, assignees: [{ id: soloLarge.id, label: "Lara Large" }], count: sizes.customers, tag: "Large" });

  await seedNotifications(db, [...members.map((m) => m.id), soloTypical.id, soloLarge.id]);
  const signIn = async (memberId: string) => (await createSession(ctx, memberId)).token;
  const seeded: SeededWorkspaces = {
    // The owner reads the page of a customer of the assigned broker (the same customer both see).
    owner: { token: await signIn(owner.id), memberId: owner.id, customerId: brokersCustomer, otherMemberId: broker.id },
    assignedBroker: { token: await signIn(broker.id), memberId: broker.id, customerId: brokersCustomer, otherMemberId: owner.id },
    soloTypical: { token: await signIn(soloTypical.id), memberId: soloTypical.id, customerId: typical.ids[0]!, otherMemberId: soloTypical.id },
    soloLarge: { token: await signIn(soloLarge.id), memberId: soloLarge.id, customerId: large.ids[0]!, otherMemberId: soloLarge.id },
  };
  await closeAnyDatabase(db);
  return seeded;
}
