// `portal admin workspaces | members <workspace id> | make-owner <email>`: the CLI's side of
// workspaces/admin.ts. Like the other admin commands they run beside the serving portal; a new
// owner's next request already has the role.
import type { AppContext } from "../../context.ts";
import { oneLine } from "../../lib/log.ts";
import { displayName } from "../../shared/user-display.ts";
import { brokerByEmail } from "../auth/admin.ts";
import { brokersById } from "../auth/brokers.ts";
import { countCustomers } from "../customers/lookups.ts";
import { listWorkspaces, makeOwner, membersOfWorkspace, workspaceNamed } from "../workspaces/admin.ts";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export async function adminWorkspaces(ctx: AppContext): Promise<string[]> {
  const list = await listWorkspaces(ctx);
  if (list.length === 0) return ["No workspaces yet. A broker's sign-up, or portal admin create, founds one."];
  const lines: string[] = [];
  // Names and domains are typed by owners: one printed line each, always.
  for (const w of list) {
    const domains = w.claimedDomains.length ? w.claimedDomains.join(",") : "-";
    lines.push(oneLine(`${w.id}  "${w.name}"  ${plural(w.members, "member")}  ${plural(await countCustomers(ctx, w.id), "customer")}  domains: ${domains}`));
  }
  return lines;
}

export async function adminMembers(ctx: AppContext, workspaceId: string): Promise<string[]> {
  const workspace = await workspaceNamed(ctx, workspaceId);
  const members = await membersOfWorkspace(ctx, workspace.id);
  if (members.length === 0) return [`"${workspace.name}" has no members.`];
  const accounts = await brokersById(ctx, members.map((m) => m.userId));
  return members.map((m) => {
    const account = accounts.get(m.userId)!;
    const name = displayName(account);
    return oneLine(`${account.email}  ${m.role}  ${name === account.email ? "-" : `"${name}"`}  ${m.userId}`);
  });
}

export async function adminMakeOwner(ctx: AppContext, email: string): Promise<string[]> {
  const account = await brokerByEmail(ctx, email);
  const { workspaceName, previousRole } = await makeOwner(ctx, { userId: account.id, email: account.email });
  if (previousRole === "owner") return [oneLine(`${account.email} is already an owner of "${workspaceName}"; nothing changed.`)];
  return [oneLine(`${account.email} is now an owner of "${workspaceName}" (was ${previousRole}).`)];
}
