// Small display helpers of the portal.

export { unreadBadge } from "@shared/format";
