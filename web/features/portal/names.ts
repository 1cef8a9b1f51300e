// Small display helpers of the portal.

export { formatDay, unreadBadge } from "@shared/format";
