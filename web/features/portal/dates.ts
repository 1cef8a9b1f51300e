// Dates on the portal in the customer's language, written by the browser's Intl (no locale files
// to download), in the browser's time zone as before. English keeps SPEC's forms exactly.
import { formatDueDate, type DueDateWords } from "@shared/due-date";
import { formatDay } from "@shared/format";
import { useLanguage, useT } from "../../lib/i18n/use-t";

/** "Mar 5, 2026" / "5 mar 2026"; null for no date or a bad one. */
export function useFormatDay(): (value: string | null | undefined) => string | null {
  const { language } = useLanguage();
  return (value) => {
    if (language === "en") return formatDay(value);
    const date = value ? new Date(value) : null;
    return date && !Number.isNaN(date.getTime()) ? new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(date) : null;
  };
}

/** A due date's words for DueDateBadge: "Due in 3 days" / "Vence en 3 días". */
export function useDueDateWords(): { words: DueDateWords; spoken: (isOverdue: boolean, date: string) => string } {
  const t = useT();
  const { language } = useLanguage();
  return {
    words: {
      language,
      formatDate: (date) => (language === "en" ? formatDueDate(date) : new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date)),
      lessThanAMinute: t("dates.lessThanAMinute"),
      overdueBy: (distance) => t("dates.overdueBy", { distance }),
      dueIn: (distance) => t("dates.dueIn", { distance }),
    },
    spoken: (isOverdue, date) => t(isOverdue ? "dates.wasDue" : "dates.due", { date }),
  };
}
