// A customer's notification in the page's language (issue 44): said from its notice and values
// (src/shared/customer-notices.ts, in the row's metadata); a row stored before notices existed, or
// one this page cannot say, keeps its stored English.
import { isCustomerNotice, noticeKeys, sayNotice, type NoticeValues } from "@shared/customer-notices";
import type { NotificationItem } from "../notifications/api";
import { knowsMessage } from "../../lib/i18n/store";
import { useT } from "../../lib/i18n/use-t";

const isNoticeValues = (value: unknown): value is NoticeValues =>
  Boolean(value) &&
  typeof value === "object" &&
  Object.entries(value as object).every(([name, v]) => (name === "documentNames" ? Array.isArray(v) && v.every((n) => typeof n === "string") : typeof v === "string"));

export function useNoticeText(): (item: NotificationItem) => NotificationItem {
  const t = useT();
  return (item) => {
    const { notice, noticeValues } = item.metadata ?? {};
    if (!isCustomerNotice(notice) || !isNoticeValues(noticeValues)) return item;
    const keys = noticeKeys(notice);
    if (!knowsMessage(keys.title) || !knowsMessage(keys.message)) return item;
    return { ...item, ...sayNotice(notice, noticeValues, t) };
  };
}
