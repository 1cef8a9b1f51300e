import { AlarmClock, CalendarClock, CircleAlert } from "lucide-react";
import { dueDateInfo, type DueDateWords, type UrgencyLevel } from "@shared/due-date";
import { Badge, type BadgeTone } from "./ui/Badge";

const TONES: Record<UrgencyLevel, BadgeTone> = {
  overdue: "red",
  critical: "red",
  warning: "amber",
  normal: "neutral",
};

/**
 * "Overdue by 2 days" / "Due in 5 hours", coloured by urgency (SPEC 4: critical at 6 hours
 * or less, warning at 24). The exact due time is in the tooltip and read out to screen readers.
 */
export function DueDateBadge({
  dueDate,
  now = new Date(),
  words,
  spoken = (isOverdue, date) => `${isOverdue ? "was due" : "due"} ${date}`,
}: {
  dueDate: string | Date;
  now?: Date;
  /** The portal's, in the customer's language; English (SPEC's) without. */
  words?: DueDateWords;
  spoken?: (isOverdue: boolean, formattedDate: string) => string;
}) {
  const info = dueDateInfo(dueDate, now, words);
  const icon =
    info.urgencyLevel === "overdue" ? <CircleAlert /> : info.urgencyLevel === "normal" ? <CalendarClock /> : <AlarmClock />;
  return (
    <span title={info.formattedDate} className="inline-flex">
      <Badge tone={TONES[info.urgencyLevel]} icon={icon}>
        {info.timeRemaining}
        <span className="sr-only"> ({spoken(info.isOverdue, info.formattedDate)})</span>
      </Badge>
    </span>
  );
}
