// Small display helpers of the portal.

/** "Ann", "Ann and Bob", "Ann, Bob and Cy"; "your broker" when there is nobody to name. */
export function brokerNames(brokers: readonly { name: string }[]): string {
  const names = brokers.map((b) => b.name.trim()).filter(Boolean);
  if (names.length === 0) return "your broker";
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export { formatDay, unreadBadge } from "@shared/format";
