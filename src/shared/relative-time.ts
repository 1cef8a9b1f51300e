// Relative times shown in lists and notification menus (SPEC sections 2 and 4).

const DAY = 86_400_000;

/** Customer list buckets: under 7 days in days, under 30 in weeks, otherwise months. */
export function daysWeeksMonthsAgo(date: Date | string, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(date).getTime()) / DAY));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"} ago`;
  if (days < 7) return days === 0 ? "today" : unit(days, "day");
  if (days < 30) return unit(Math.floor(days / 7), "week");
  return unit(Math.max(1, Math.floor(days / 30)), "month");
}

/** Notification times: Just now, 5m ago, 3h ago, 2d ago, then the locale date. */
export function notificationTime(date: Date | string, now: Date, locale?: string): string {
  const then = new Date(date);
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return then.toLocaleDateString(locale);
}
