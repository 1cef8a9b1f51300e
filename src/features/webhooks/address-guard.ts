// Where a delivery may go, decided at delivery time (a name's addresses change): https only,
// the host resolved here and every address it has checked, and the one checked address is
// the one the delivery connects to (deliver.ts hands it to the socket as its lookup), so a DNS
// answer that changes between the check and the connection (rebinding) is never asked for.
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { webhookUrlProblem } from "../../shared/webhooks.ts";
import { isForbiddenAddress } from "./forbidden-addresses.ts";

export interface DeliveryTarget {
  url: URL;
  /** The checked address the connection goes to; the URL's host still names the server (Host, TLS). */
  address: string;
  family: 4 | 6;
}

export type TargetCheck = { ok: true; target: DeliveryTarget } | { ok: false; reason: string };

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const resolveAll: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Checks `raw` and resolves its host; refuses it unless every address it resolves to is public (or private ones are allowed). */
export async function checkDeliveryTarget(
  raw: string,
  options: { allowPrivate: boolean; resolve?: Resolve },
): Promise<TargetCheck> {
  const problem = webhookUrlProblem(raw, options.allowPrivate);
  if (problem) return { ok: false, reason: problem };
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await (options.resolve ?? resolveAll)(host);
    } catch {
      return { ok: false, reason: `The webhook host ${host} could not be resolved` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `The webhook host ${host} could not be resolved` };
  // Every address, not just the first: a name answering one public and one private address
  // would otherwise reach the private one whenever the client picked it.
  const refused = addresses.find((a) => isForbiddenAddress(a.address));
  if (refused && !options.allowPrivate) {
    return { ok: false, reason: `The webhook host ${host} resolves to a private or reserved address (${refused.address})` };
  }
  const first = addresses[0]!;
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}
