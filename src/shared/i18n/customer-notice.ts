// A customer's notification as the server stores it: the notice and its values in the metadata
// (customer-notices.ts), and its title and message in English made from them by the English
// catalog, so the stored English and what the portal says in another language cannot drift.
import { CUSTOMER_NOTICES, sayNotice, type CustomerNotice, type NoticeValues } from "../customer-notices.ts";
import type { NewNotification } from "../notifications.ts";
import { standardWordsOf } from "./standard-documents.ts";
import { translate } from "./translate.ts";

const standardName = (name: string) => standardWordsOf({ name })?.name;

/**
 * The values with their standard documents marked (`standardNames`), so the portal says those in
 * the customer's language. A shared notice names files, which are the broker's words as written.
 */
function withStandardNames(notice: CustomerNotice, values: NoticeValues): NoticeValues {
  if (notice === "shared") return values;
  const documentName = values.documentName === undefined ? undefined : standardName(values.documentName);
  const documentNames = values.documentNames?.map((name) => standardName(name) ?? null);
  const standardNames = {
    ...(documentName ? { documentName } : {}),
    ...(documentNames?.some(Boolean) ? { documentNames } : {}),
  };
  return Object.keys(standardNames).length ? { ...values, standardNames } : values;
}

export function customerNotice<N extends CustomerNotice>(
  notice: N,
  values: NoticeValues,
  metadata: Record<string, unknown> = {},
): NewNotification<(typeof CUSTOMER_NOTICES)[N]> & { metadata: Record<string, unknown> } {
  const noticeValues = withStandardNames(notice, values);
  return {
    type: CUSTOMER_NOTICES[notice],
    ...sayNotice(notice, noticeValues, (key, v) => translate("en", key, v)),
    metadata: { ...metadata, notice, noticeValues },
  };
}
