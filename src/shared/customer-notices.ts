// What a customer's notification says, as data (issue 44): which notice it is and its values,
// kept in the stored row's metadata (`notice`, `noticeValues`) beside the English title and
// message. The portal says it from these in its language (the catalog's `notifications` section);
// a row stored before, or one naming a notice this page does not know, shows its stored English.
// Pure: the portal imports it; the server's English is made by i18n/customer-notice.ts.
import type { MessageKey, MessageValues } from "./i18n/catalog.ts";
import type { CustomerNotificationType } from "./notifications.ts";

/** Each notice and the stored type it goes under (SPEC's customer-side types). */
export const CUSTOMER_NOTICES = {
  approved: "document_verified",
  resubmit: "document_verified",
  renewal: "document_verified",
  documentsRequested: "documents_requested",
  signatureRequested: "documents_requested",
  signatureWithdrawn: "document_deleted",
  signed: "other",
  answerAccepted: "other",
  stillNeeded: "other",
  requestRemoved: "document_deleted",
  sharedRemoved: "document_deleted",
  shared: "other",
} as const satisfies Record<string, CustomerNotificationType>;
export type CustomerNotice = keyof typeof CUSTOMER_NOTICES;

/** A notice's values: the document's name, the broker's reason and name, several documents' names. */
export type NoticeValues = Partial<Record<"documentName" | "reason" | "brokerName", string>> & { documentNames?: string[] };

export const isCustomerNotice = (value: unknown): value is CustomerNotice => typeof value === "string" && Object.prototype.hasOwnProperty.call(CUSTOMER_NOTICES, value);

/** The notice's catalog messages: its title, and its message (both removals say the same). */
export const noticeKeys = (notice: CustomerNotice): { title: MessageKey; message: MessageKey } => ({
  title: `notifications.${notice}Title`,
  message: notice === "requestRemoved" || notice === "sharedRemoved" ? "notifications.removed" : `notifications.${notice}`,
});

type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A notice's title and message in the language of `t`. */
export function sayNotice(notice: CustomerNotice, values: NoticeValues, t: Translate): { title: string; message: string } {
  const { documentNames, ...rest } = values;
  const filled: MessageValues = { ...rest, ...(documentNames ? { documentNames: documentNames.join(", ") } : {}) };
  const keys = noticeKeys(notice);
  return { title: t(keys.title, filled), message: t(keys.message, filled) };
}
