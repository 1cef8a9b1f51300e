// What a customer's notification says, as data (issue 44): which notice it is and its values,
// kept in the stored row's metadata (`notice`, `noticeValues`) beside the English title and
// message. The portal says it from these in its language (the catalog's `notifications` section);
// a row stored before, or one naming a notice this page does not know, shows its stored English.
// Pure: the portal imports it; the server's English is made by i18n/customer-notice.ts.
import type { MessageKey, MessageValues } from "./i18n/catalog.ts";
import { standardNameKey, type StandardKey } from "./i18n/standard-words.ts";
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

/**
 * Which of a notice's document names are SPEC's standard documents (their catalog keys, found by
 * the server when the notice is made: i18n/customer-notice.ts), so they read in the customer's
 * language; `documentNames`' by position, null for a broker's own name. A row stored before has none.
 */
export interface StandardNames {
  documentName?: StandardKey;
  documentNames?: (StandardKey | null)[];
}

/** A notice's values: the document's name, the broker's reason and name, several documents' names. */
export type NoticeValues = Partial<Record<"documentName" | "reason" | "brokerName", string>> & { documentNames?: string[]; standardNames?: StandardNames };

export const isCustomerNotice = (value: unknown): value is CustomerNotice => typeof value === "string" && Object.prototype.hasOwnProperty.call(CUSTOMER_NOTICES, value);

/** The notice's catalog messages: its title, and its message (both removals say the same). */
export const noticeKeys = (notice: CustomerNotice): { title: MessageKey; message: MessageKey } => ({
  title: `notifications.${notice}Title`,
  message: notice === "requestRemoved" || notice === "sharedRemoved" ? "notifications.removed" : `notifications.${notice}`,
});

type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A notice's title and message in the language of `t`; a standard document by its name in that language. */
export function sayNotice(notice: CustomerNotice, values: NoticeValues, t: Translate): { title: string; message: string } {
  const { documentNames, standardNames = {}, ...rest } = values;
  const named = (name: string, key: StandardKey | null | undefined) => (key ? t(standardNameKey(key)) : name);
  const filled: MessageValues = {
    ...rest,
    ...(rest.documentName !== undefined ? { documentName: named(rest.documentName, standardNames.documentName) } : {}),
    ...(documentNames ? { documentNames: documentNames.map((name, i) => named(name, standardNames.documentNames?.[i])).join(", ") } : {}),
  };
  const keys = noticeKeys(notice);
  return { title: t(keys.title, filled), message: t(keys.message, filled) };
}
