// Small display helpers of the portal.
import { format } from "date-fns";

/** "Ann", "Ann and Bob", "Ann, Bob and Cy"; "your broker" when there is nobody to name. */
export function brokerNames(brokers: readonly { name: string }[]): string {
  const names = brokers.map((b) => b.name.trim()).filter(Boolean);
  if (names.length === 0) return "your broker";
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "120 KB", "2.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Two letters for the account button: first and last name, else the start of the name or email. */
export function customerInitials(name: string, email?: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]!.charAt(0) + words[words.length - 1]!.charAt(0)).toUpperCase();
  const source = words[0] ?? email ?? "";
  return (source.slice(0, 2) || "U").toUpperCase();
}

/** The notification badge: nothing at 0, the count up to 9, then "9+". */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}

/** "Nov 22, 2025", or null without a (valid) date. */
export function formatDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, "MMM d, yyyy");
}
