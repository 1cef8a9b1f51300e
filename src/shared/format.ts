// Display formatting shared by the broker screens and the customer portal.

/** SPEC 2: file sizes are shown in KB ("245.3 KB"), the same on both sides. */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

// Intl rather than date-fns' format (see due-date.ts): the portal's first load is on a budget.
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** "Nov 22, 2026", or null without a (valid) date. */
export function formatDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dayFormat.format(date);
}

/** SPEC: the notification badge shows the count, or 9+ above 9; nothing at 0. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
