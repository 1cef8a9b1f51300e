// `portal audit verify [--broker <id or email>]`: walks each broker's chain from the first entry
// to its head and says whether it holds. Run beside the serving portal (it only reads).
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { oneLine } from "../../lib/log.ts";
import { listBrokers } from "../auth/admin.ts";
import { auditedBrokers, verifyBrokerChain } from "./service.ts";

export interface VerifyReport {
  lines: string[];
  intact: boolean;
}

export async function runAuditVerify(ctx: AppContext, options: { broker?: string }): Promise<VerifyReport> {
  const brokers = await listBrokers(ctx);
  const emailOf = new Map(brokers.map((b) => [b.id, b.email]));
  let only: string | undefined;
  if (options.broker) {
    const wanted = options.broker.trim().toLowerCase();
    only = brokers.find((b) => b.id === options.broker || b.email === wanted)?.id;
    if (!only) throw new AppError("not_found", `No broker "${options.broker}". See: portal admin list`);
  }
  const ids = await auditedBrokers(ctx, only);
  const lines: string[] = [];
  let intact = true;
  let entries = 0;
  for (const brokerId of ids) {
    const who = `${brokerId} (${emailOf.get(brokerId) ?? "unknown broker"})`;
    const check = await verifyBrokerChain(ctx, brokerId);
    if (check.intact) {
      entries += check.entries;
      lines.push(oneLine(`ok      ${who}: ${check.entries} entries${check.head ? `, head #${check.head.sequence} ${check.head.hash}` : ""}`));
    } else {
      intact = false;
      lines.push(oneLine(`BROKEN  ${who}: ${check.problem}${check.entryId ? ` [entry id ${check.entryId}]` : ""}`));
    }
  }
  lines.push(
    intact
      ? `Audit chain intact: ${ids.length} ${ids.length === 1 ? "broker" : "brokers"}, ${entries} entries.`
      : "Audit chain BROKEN: an entry was edited, deleted or moved (the first broken entry of each chain is named above).",
  );
  return { lines, intact };
}
