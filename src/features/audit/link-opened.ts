// The upload link opened: a read the trail records at most once per visitor and half hour, so
// the portal's polling asks the database nothing most of the time. The entry itself goes through
// the unit like any other (an `upload_link_opened` event, recorded by the audit subscriber).
import { and, desc, eq, sql } from "drizzle-orm";
import { auditEvents } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import { perContext } from "../../lib/instance-state.ts";
import { prepared } from "../../lib/prepared.ts";
import type { AuditFact } from "../../lib/unit.ts";
import { publishAlone } from "../../lib/unit-of-work.ts";

/**
 * Opening the upload link counts once per visitor and half hour: the portal refetches its view
 * on every live update and window focus, and the trail should say who came, not how often the
 * page redrew. Another address, or the customer signing in, is a new entry.
 */
export const LINK_OPEN_WINDOW_MS = 30 * 60 * 1000;

const lastLinkOpen = prepared((db) =>
  db
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.workspaceId, sql.placeholder("brokerId")),
        eq(auditEvents.customerId, sql.placeholder("customerId")),
        eq(auditEvents.action, "link_opened"),
        eq(auditEvents.actorKind, sql.placeholder("kind")),
        // "" stands for no address: `=` never matches null.
        sql`coalesce(${auditEvents.address}, '') = ${sql.placeholder("address")}`,
      ),
    )
    // The newest first, walking the customer index backwards (the trail is appended in time order).
    .orderBy(desc(auditEvents.sequence))
    .limit(1)
    .prepare(),
);

// When each visitor's link_opened entry was last written or found, per running portal: a view
// within the window then asks the database nothing (the view is polled and refetched on every
// live update). Only entries the database holds are remembered, so another instance's entry is
// still found by the query; the trail is append-only, so a remembered entry stays true.
const seenFor = perContext(
  "link-opened entries seen",
  "per process",
  "only saves a query: an instance that has not seen an entry asks the database, which has every instance's",
  (_ctx: AppContext) => new Map<string, number>(),
);
const MAX_REMEMBERED_VISITORS = 10_000;

export async function recordLinkOpened(ctx: AppContext, entry: Omit<AuditFact, "action">): Promise<void> {
  const now = ctx.clock.now().getTime();
  const { address, kind } = entry.actor;
  const seen = seenFor(ctx);
  const visitor = `${entry.brokerId} ${entry.customerId} ${kind} ${address ?? ""}`;
  const remembered = seen.get(visitor);
  if (remembered !== undefined && remembered > now - LINK_OPEN_WINDOW_MS) return;
  const [last] = await lastLinkOpen(ctx.db).execute({ brokerId: entry.brokerId, customerId: entry.customerId, kind, address: address ?? "" });
  let at = last?.at.getTime();
  if (at === undefined || at <= now - LINK_OPEN_WINDOW_MS) {
    await publishAlone(ctx, { type: "upload_link_opened", workspaceId: entry.brokerId, facts: { audit: [{ ...entry, action: "link_opened" }] } });
    at = now;
  }
  if (seen.size >= MAX_REMEMBERED_VISITORS) seen.clear();
  seen.set(visitor, at);
}
