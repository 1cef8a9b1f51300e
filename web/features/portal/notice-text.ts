// A customer's notification in the page's language (issue 44): said from its notice and values
// (src/shared/customer-notices.ts, in the row's metadata); a row stored before notices existed, or
// one this page cannot say, keeps its stored English. A standard document the notice names reads
// in the page's language (`standardNames`); a name whose key this page does not know stays as stored.
import { isCustomerNotice, noticeKeys, sayNotice, type NoticeValues, type StandardNames } from "@shared/customer-notices";
import { standardNameKey, type StandardKey } from "@shared/i18n/standard-words";
import type { NotificationItem } from "../notifications/api";
import { knowsMessage } from "../../lib/i18n/store";
import { renewalDayOf } from "@shared/reminder-cadence";
import { calendarDayIn } from "@shared/calendar-day";
import { useLanguage, useT } from "../../lib/i18n/use-t";
import type { NotificationWords } from "../../components/NotificationParts";

const isNoticeValues = (value: unknown): value is NoticeValues =>
  Boolean(value) &&
  typeof value === "object" &&
  Object.entries(value as object).every(([name, v]) =>
    name === "standardNames" ? true : name === "documentNames" ? Array.isArray(v) && v.every((n) => typeof n === "string") : typeof v === "string",
  );

/** A stored standard key this page can say; anything else (a newer key, a malformed one) is not one. */
const knownKey = (key: unknown): StandardKey | undefined =>
  typeof key === "string" && knowsMessage(standardNameKey(key as StandardKey)) ? (key as StandardKey) : undefined;

/** The row's standard names that this page knows; the rest show the stored names. */
function knownStandardNames(stored: unknown): StandardNames {
  if (!stored || typeof stored !== "object") return {};
  const { documentName, documentNames } = stored as Record<string, unknown>;
  return {
    documentName: knownKey(documentName),
    documentNames: Array.isArray(documentNames) ? documentNames.map((key) => knownKey(key) ?? null) : undefined,
  };
}

export function useNoticeText(): (item: NotificationItem) => NotificationItem {
  const t = useT();
  const { language } = useLanguage();
  return (item) => {
    const { notice, noticeValues } = item.metadata ?? {};
    if (!isCustomerNotice(notice) || !isNoticeValues(noticeValues)) return item;
    const keys = noticeKeys(notice);
    if (!knowsMessage(keys.title) || !knowsMessage(keys.message)) return item;
    // The portal's own renewal reason ("Expires on …") in the page's language; a broker's as written.
    const renewalDay = renewalDayOf(noticeValues.reason);
    const reason = renewalDay ? { reason: t("portal.renewalReason", { date: calendarDayIn(language, renewalDay) }) } : {};
    return { ...item, ...sayNotice(notice, { ...noticeValues, ...reason, standardNames: knownStandardNames(noticeValues.standardNames) }, t) };
  };
}

/** The list's own words in the page's language; older than a week, the date as the language writes it. */
export function useNotificationWords(): NotificationWords {
  const t = useT();
  const { language } = useLanguage();
  return {
    markAllRead: t("notifications.markAllRead"),
    marking: t("notifications.marking"),
    unread: t("notifications.unread"),
    time: (createdAt, now) => {
      const minutes = Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000);
      if (minutes < 1) return t("notifications.justNow");
      if (minutes < 60) return t("notifications.minutesAgo", { count: minutes });
      if (minutes < 24 * 60) return t("notifications.hoursAgo", { count: Math.floor(minutes / 60) });
      if (minutes < 7 * 24 * 60) return t("notifications.daysAgo", { count: Math.floor(minutes / (24 * 60)) });
      return new Date(createdAt).toLocaleDateString(language);
    },
  };
}
