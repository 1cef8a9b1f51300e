// Email domains a workspace claims (workspaces.claimed_domains): a first single sign-on from an
// address there creates the account as a member of that workspace with its default role
// (oidc/service.ts). A domain belongs to one workspace at most, matched exactly at sign-in:
// claiming acme.example does not let sub.acme.example in (an owner claims each one they mean), but
// no other workspace may claim a name under it either.
import { and, ne, sql } from "drizzle-orm";
import { workspaceMembers, workspaces } from "../../../db/tables.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import type { Writer } from "../../lib/jobs.ts";
import { claimedDomainMessages, claimedDomainProblem, normalizeDomain } from "../../shared/claimed-domains.ts";
import type { WorkspaceRole } from "../../shared/workspaces.ts";

/** Workspaces that claim anything, with what they claim (most claim nothing, and are skipped by SQL). */
const claimingWorkspaces = (tx: Writer, except?: string) =>
  tx
    .select({ id: workspaces.id, claimedDomains: workspaces.claimedDomains, defaultRole: workspaces.defaultRole })
    .from(workspaces)
    // '[]' reads as an empty JSON array in both databases (text on SQLite, jsonb on PostgreSQL).
    .where(and(sql`${workspaces.claimedDomains} <> '[]'`, except ? ne(workspaces.id, except) : undefined));

/**
 * The domains an owner asks to claim, tidied (lower-cased, each once) and checked: a domain name,
 * not a public mail service (400), neither claimed by another workspace nor under a domain it
 * claims (409). Read in the write
 * transaction that saves them, where writers take turns, so two workspaces claiming one domain at
 * once cannot both get it.
 */
export async function checkedClaims(tx: Writer, workspaceId: string, requested: string[]): Promise<string[]> {
  const domains = [...new Set(requested.map(normalizeDomain))];
  for (const domain of domains) {
    const problem = claimedDomainProblem(domain);
    if (problem) throw badRequest(problem);
  }
  const taken = (await claimingWorkspaces(tx, workspaceId)).flatMap((w) => w.claimedDomains);
  for (const domain of domains) {
    // Another's domain, or a name under it: mail.acme.example is Acme's to claim, not a rival's.
    const owner = taken.find((t) => domain === t || domain.endsWith(`.${t}`));
    if (owner) throw new AppError("conflict", owner === domain ? claimedDomainMessages.claimedElsewhere(domain) : claimedDomainMessages.underClaimed(domain, owner));
  }
  return domains;
}

/**
 * Makes a new account a member of the workspace that claims its email's domain, with that
 * workspace's default role, in the transaction that creates the account. The role it joined with,
 * or null when no workspace claims the domain.
 */
export async function joinByClaimedDomain(tx: Writer, input: { userId: string; domain: string }): Promise<WorkspaceRole | null> {
  const claimant = (await claimingWorkspaces(tx)).find((w) => w.claimedDomains.includes(input.domain));
  if (!claimant) return null;
  await tx.insert(workspaceMembers).values({ userId: input.userId, workspaceId: claimant.id, role: claimant.defaultRole });
  return claimant.defaultRole;
}
