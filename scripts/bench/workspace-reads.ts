// The reads of every broker screen, as the web app asks them (web/features/*/api.ts), for the
// workspace bench (workspace.ts: their times) and workspace-work.ts (the rows SQLite reads for them).
import type { BenchActor } from "./seed-workspace.ts";

export interface Read {
  screen: string;
  label: string;
  /** `nextBefore`: where the actor's first page of the audit ended (for its next page). */
  path: (a: BenchActor, nextBefore?: number) => string;
}

export const SCREEN_READS: Read[] = [
  { screen: "Dashboard", label: "metrics", path: () => "/api/dashboard/metrics" },
  { screen: "Dashboard", label: "overview (12 most urgent)", path: () => "/api/all-customers?page=1&pageSize=12&status=all&sort=urgency" },
  { screen: "Dashboard", label: "pending list", path: () => "/api/pending-documents" },
  { screen: "Dashboard", label: "completed list", path: () => "/api/completed-documents" },
  { screen: "Dashboard", label: "expiring documents", path: () => "/api/dashboard/expiring-documents" },
  { screen: "Dashboard", label: "unread count", path: () => "/api/notifications/unread-count" },
  { screen: "Dashboard", label: "auth user", path: () => "/api/auth/user" },
  { screen: "All Customers", label: "page 1, newest", path: () => "/api/all-customers?page=1&pageSize=25&status=all&sort=-invitedAt" },
  { screen: "All Customers", label: "page 1, by name", path: () => "/api/all-customers?page=1&pageSize=25&status=all&sort=name" },
  { screen: "All Customers", label: "page 8, newest", path: () => "/api/all-customers?page=8&pageSize=25&status=all&sort=-invitedAt" },
  { screen: "All Customers", label: "search \"42\"", path: () => "/api/all-customers?page=1&pageSize=25&status=all&sort=-invitedAt&q=42" },
  { screen: "All Customers", label: "invitation pending", path: () => "/api/all-customers?page=1&pageSize=25&status=pending&sort=-invitedAt" },
  { screen: "All Customers", label: "most urgent, page 1", path: () => "/api/all-customers?page=1&pageSize=25&status=all&sort=urgency" },
  { screen: "All Customers", label: "?assignee=me (whole list)", path: () => "/api/customers?assignee=me" },
  { screen: "All Customers", label: "?assignee={colleague}", path: (a) => `/api/customers?assignee=${a.otherMemberId}` },
  { screen: "Customer", label: "customer", path: (a) => `/api/customer/${a.customerId}` },
  { screen: "Customer", label: "document limit", path: (a) => `/api/customers/${a.customerId}/document-limit` },
  { screen: "Customer", label: "reminders", path: (a) => `/api/customers/${a.customerId}/reminders` },
  { screen: "Customer", label: "document expiries", path: (a) => `/api/customers/${a.customerId}/document-expiries` },
  { screen: "Audit", label: "newest 25", path: (a) => `/api/customer/${a.customerId}/audit?limit=25` },
  { screen: "Audit", label: "next 25", path: (a, nextBefore) => `/api/customer/${a.customerId}/audit?limit=25&before=${nextBefore ?? ""}` },
  { screen: "Notifications", label: "bell list", path: () => "/api/notifications" },
  { screen: "Notifications", label: "page, all", path: () => "/api/notifications?filter=all" },
  { screen: "Notifications", label: "page, unread", path: () => "/api/notifications?filter=unread" },
];
