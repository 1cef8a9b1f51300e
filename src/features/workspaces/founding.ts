// Every broker account belongs to exactly one workspace: a new account founds its own, as its
// owner, in the transaction that creates the account (sign-up, `portal admin create`, a first
// single sign-on). Joining someone else's workspace instead is an invitation's business.
import { workspaceMembers, workspaces } from "../../../db/tables.ts";
import type { Writer } from "../../lib/jobs.ts";
import { displayName, type DisplayableUser } from "../../shared/user-display.ts";

/**
 * Founds the new broker's workspace, named after them (migration 0021 named an upgraded broker's
 * workspace after their company when they had given one).
 *
 * The workspace takes its founder's id, as every upgraded broker's did (migration 0021). The
 * services that do not take the member's scope yet (docs/architecture.md, "Workspaces": plan,
 * notifications, live events) read and write a broker's data under that broker's id,
 * which is their workspace's id only for its founder: an invited member (invitations.ts) has an
 * id of their own.
 */
export async function foundWorkspace(tx: Writer, founder: DisplayableUser & { id: string }): Promise<void> {
  await tx.insert(workspaces).values({ id: founder.id, name: displayName(founder), claimedDomains: [] });
  await tx.insert(workspaceMembers).values({ userId: founder.id, workspaceId: founder.id, role: "owner" });
}
