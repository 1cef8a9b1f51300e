// A customer's notification as the server stores it: the notice and its values in the metadata
// (customer-notices.ts), and its title and message in English made from them by the English
// catalog, so the stored English and what the portal says in another language cannot drift.
import { CUSTOMER_NOTICES, sayNotice, type CustomerNotice, type NoticeValues } from "../customer-notices.ts";
import type { NewNotification } from "../notifications.ts";
import { translate } from "./translate.ts";

export function customerNotice<N extends CustomerNotice>(
  notice: N,
  values: NoticeValues,
  metadata: Record<string, unknown> = {},
): NewNotification<(typeof CUSTOMER_NOTICES)[N]> & { metadata: Record<string, unknown> } {
  return {
    type: CUSTOMER_NOTICES[notice],
    ...sayNotice(notice, values, (key, v) => translate("en", key, v)),
    metadata: { ...metadata, notice, noticeValues: values },
  };
}
