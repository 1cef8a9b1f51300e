// Small display helpers of the portal.

/** "Ann", "Ann and Bob", "Ann, Bob and Cy"; "your broker" when there is nobody to name. */
export function brokerNames(brokers: readonly { name: string }[]): string {
  const names = brokers.map((b) => b.name.trim()).filter(Boolean);
  if (names.length === 0) return "your broker";
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Two letters for the account button: first and last name, else the start of the name or email. */
export function customerInitials(name: string, email?: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]!.charAt(0) + words[words.length - 1]!.charAt(0)).toUpperCase();
  const source = words[0] ?? email ?? "";
  return (source.slice(0, 2) || "U").toUpperCase();
}

export { formatDay, unreadBadge } from "@shared/format";
