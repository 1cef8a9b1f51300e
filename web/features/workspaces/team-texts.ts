// The Team page's own words and the small helpers its cards share.
import { displayName } from "@shared/user-display";
import type { Member } from "./api";

export const teamMessages = {
  chooseTakeover: "Choose who takes over their customers.",
  chooseFrom: "Choose whose customers to move.",
  chooseTo: "Choose who takes them over.",
  sameMember: "Choose two different members.",
  domainTaken: "This domain is already on the list.",
};

/** "1 customer", "3 customers". */
export const customersCount = (n: number) => `${n} customer${n === 1 ? "" : "s"}`;

/** Members as choices, the signed-in one marked ("Olive Owner (you)"). */
export const memberOptions = (members: readonly Member[], myId: string) =>
  members.map((m) => ({ id: m.id, label: m.id === myId ? `${displayName(m)} (you)` : displayName(m) }));
