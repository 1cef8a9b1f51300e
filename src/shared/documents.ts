// Document statuses and the rules built on them (SPEC section 4). Shared by server and browser.
import { cleanName } from "./names.ts";

export const DOCUMENT_STATUSES = [
  "requested",
  "incomplete",
  "uploaded",
  "approved",
  "need_to_resubmit",
  "overdue",
  "shared",
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * What a document asks of the customer: a file to upload, or a PDF to sign (issue 41; its
 * signature request says who signs what). A signature document takes no upload: it is answered
 * by signing, and its file is the sealed PDF once every signer has signed.
 */
export const DOCUMENT_KINDS = ["upload", "signature"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const STATUS_LABELS: Record<DocumentStatus, string> = {
  requested: "Requested",
  incomplete: "Requested",
  uploaded: "Under Review",
  approved: "Approved",
  need_to_resubmit: "Request for Re-Submission",
  overdue: "Overdue",
  shared: "Shared",
};

// The named sets of statuses. Every rule below, and every SQL filter on the server
// (`inArray(documents.status, AWAITING_UPLOAD)`), is built from these, so a new status is
// placed once.
type Statuses = readonly DocumentStatus[];

/** The customer may upload a file for it (a re-submit request included), and its due date still matters. */
export const AWAITING_UPLOAD = ["requested", "incomplete", "need_to_resubmit", "overdue"] as const satisfies Statuses;
/** Nothing uploaded yet: these become overdue when their due time passes. */
export const NOT_YET_UPLOADED = ["requested", "incomplete"] as const satisfies Statuses;
/**
 * What every reminder asks for: the broker's Send Reminder, single or bulk (the SPEC's "only
 * customers with incomplete, requested or overdue documents receive reminders"), and the ones that
 * go out by themselves (a document's reminder time, a cadence). One set, so the customer is chased
 * for the same documents however the reminder was started. A document sent back for a re-submit is
 * left out: it still holds a file the broker can approve, and the re-submit request was emailed
 * with its reason.
 */
export const REMINDABLE = ["requested", "incomplete", "overdue"] as const satisfies Statuses;
/** Whether a broker's reminder would ask for this document (Send Reminder is offered for it). */
export const isRemindable = (status: DocumentStatus) => (REMINDABLE as Statuses).includes(status);
/** A file the broker can judge: approve, or ask for again. */
export const REVIEWABLE = ["uploaded", "need_to_resubmit"] as const satisfies Statuses;
/** A file the broker can open (their View action): one to judge, one judged, or one they shared. */
export const VIEWABLE = ["uploaded", "need_to_resubmit", "approved", "shared"] as const satisfies Statuses;
/**
 * A file the customer can open in the portal (signed in; guests open none): what they sent, while
 * under review or once approved (SPEC: "uploaded and approved offer View and Download only"), and
 * the files their broker shared. A document awaiting an upload offers the upload instead.
 */
export const CUSTOMER_VIEWABLE = ["uploaded", "approved", "shared"] as const satisfies Statuses;
/** Not pending on the dashboard: done, or not a requirement at all. */
export const NOT_PENDING = ["approved", "shared"] as const satisfies Statuses;

const among = (set: Statuses, status: DocumentStatus) => set.includes(status);

/**
 * A shared file is something the broker gave the customer, not something asked of them: it is
 * left out of progress, plan limits, due dates, reminders and the pending lists.
 */
export const SHARED = "shared" satisfies DocumentStatus;
export const isRequirement = (status: DocumentStatus) => status !== SHARED;

export const canCustomerUpload = (status: DocumentStatus) => among(AWAITING_UPLOAD, status);
/** Whether this document takes a file from the customer now: a signature document never does (it is signed). */
export const takesUpload = (doc: { kind: DocumentKind; status: DocumentStatus }) => doc.kind === "upload" && canCustomerUpload(doc.status);

/** The broker may approve or ask for a re-submit only of a document that has a file to judge. */
export const canVerify = (status: DocumentStatus, hasFile: boolean) => hasFile && among(REVIEWABLE, status);

export const canView = (status: DocumentStatus, hasFile: boolean) => hasFile && among(VIEWABLE, status);
export const canCustomerView = (status: DocumentStatus, hasFile: boolean) => hasFile && among(CUSTOMER_VIEWABLE, status);

/** A (bulk) due date is for documents still waiting for the customer: the same set as uploads. */
export const canHaveDueDateSet = (status: DocumentStatus) => canCustomerUpload(status);


/** Past its due time and still waiting for the customer. */
export function isOverdue(doc: { status: DocumentStatus; dueDate: Date | string | null }, now: Date): boolean {
  if (!doc.dueDate || !canCustomerUpload(doc.status)) return false;
  return new Date(doc.dueDate).getTime() < now.getTime();
}

export interface Progress {
  total: number;
  approved: number;
  pending: number;
  /** approved / total, rounded; 0 when there is nothing requested. */
  percent: number;
  /** Documents with a file in (not requested or incomplete). */
  uploaded: number;
  uploadPercent: number;
}

/** Progress over the requested documents; shared files are not requirements and are left out. */
export function documentProgress(docs: readonly { status: DocumentStatus }[]): Progress {
  const required = docs.filter((d) => isRequirement(d.status));
  const total = required.length;
  const approved = required.filter((d) => d.status === "approved").length;
  const uploaded = required.filter((d) => d.status !== "requested" && d.status !== "incomplete").length;
  const pct = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  return { total, approved, pending: total - approved, percent: pct(approved), uploaded, uploadPercent: pct(uploaded) };
}

export type CustomerStatus = "completed" | "pending";

/** Completed when the customer has at least one requested document and all are approved. */
export function customerStatusFromCounts(counts: { total: number; approved: number }): CustomerStatus {
  return counts.total > 0 && counts.approved === counts.total ? "completed" : "pending";
}

export function customerStatus(docs: readonly { status: DocumentStatus }[]): CustomerStatus {
  return customerStatusFromCounts(documentProgress(docs));
}

/**
 * "Most urgent first" (the dashboard's Customer Overview): a customer ranks by their most urgent
 * requirement, in this order:
 *   1. overdue: still waiting for the customer (AWAITING_UPLOAD) and past its due time (the
 *      longest overdue first);
 *   2. due: waiting, with a due time ahead (among these, the soonest due time first);
 *   3. re-submit needed: sent back (need_to_resubmit), no due time;
 *   4. awaiting review: a file uploaded, for the broker to judge;
 *   5. awaiting upload: requested, no due time;
 *   6. nothing outstanding (all approved, or nothing requested).
 * Ties (same tier, same due time) go by name. Shared files never count.
 * The server's SQL builds its ORDER BY from this list (documents/urgency.ts).
 */
export const URGENCY_TIERS = ["overdue", "due", "resubmit", "review", "requested", "none"] as const;
export type UrgencyTier = (typeof URGENCY_TIERS)[number];

export interface CatalogueDocument {
  name: string;
  description: string;
}

/** The 10 standard documents a broker can request (SPEC section 3). */
export const STANDARD_DOCUMENTS: readonly CatalogueDocument[] = [
  { name: "Paystub", description: "Recent pay stubs or salary statements" },
  { name: "Bank Statement", description: "Latest bank account statements" },
  { name: "Tax Returns", description: "Previous year tax returns" },
  { name: "Photo ID", description: "Government-issued photo identification" },
  { name: "Employment Letter", description: "Letter of employment verification" },
  { name: "Credit Report", description: "Current credit report" },
  { name: "Asset Statements", description: "Investment and asset statements" },
  { name: "Insurance Declaration", description: "Property insurance declaration page" },
  { name: "Property Appraisal", description: "Professional property appraisal" },
  { name: "Purchase Agreement", description: "Signed purchase agreement" },
];

export const CUSTOM_DOCUMENT_DESCRIPTION = "Custom document";
export const MAX_DOCUMENT_NAME_LENGTH = 120;
export const MAX_DOCUMENT_DESCRIPTION_LENGTH = 500;

/** Custom documents travel as text `custom:{name}:{description}` (or just `custom:{name}`). */
export function encodeCustomDocument(name: string, description = CUSTOM_DOCUMENT_DESCRIPTION): string {
  return `custom:${name}:${description}`;
}

/**
 * Reads one requested-document entry: a standard name ("Paystub"), or `custom:{name}:{description}`.
 * The description may itself contain colons; the name may not be blank.
 */
export function parseRequestedDocument(entry: string): CatalogueDocument & { custom: boolean } {
  if (entry.startsWith("custom:")) {
    const rest = entry.slice("custom:".length);
    const colon = rest.indexOf(":");
    const name = cleanName(colon === -1 ? rest : rest.slice(0, colon));
    const description = (colon === -1 ? "" : rest.slice(colon + 1)).trim() || CUSTOM_DOCUMENT_DESCRIPTION;
    return { name, description, custom: true };
  }
  const name = cleanName(entry);
  const standard = STANDARD_DOCUMENTS.find((d) => d.name.toLowerCase() === name.toLowerCase());
  return standard ? { ...standard, custom: false } : { name, description: CUSTOM_DOCUMENT_DESCRIPTION, custom: true };
}

/** "jane.doe@example.com" → "Jane.doe": the new customer's name when none is given. */
export function nameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  return local.charAt(0).toUpperCase() + local.slice(1);
}
