// Shared fake-server data for the customer and dashboard component tests.
import type { CustomerDto, SubscriptionDto } from "../../src/shared/api-types";
import { json, type FakeRoute } from "../support/render-app";

export const broker = { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, workspaceId: "u1", role: "owner" as const };

export function customer(overrides: Partial<CustomerDto> & Pick<CustomerDto, "id" | "name" | "email">): CustomerDto {
  return {
    loanType: "fha",
    invitationStatus: "pending",
    invitedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    acceptedAt: null,
    lastReminderAt: null,
    lastActive: null,
    brokerName: "Ada Lovelace",
    assigneeId: "u1",
    assignee: { id: "u1", firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    watcherIds: [],
    uploadLink: `link-${overrides.id}`,
    language: null,
    chosenLanguage: null,
    status: "pending",
    documentCounts: { total: 0, approved: 0, underReview: 0, awaitingUpload: 0, overdue: 0 },
    ...overrides,
  };
}

export function subscription(plan: SubscriptionDto["subscription"]["plan"], overrides: Partial<SubscriptionDto> = {}): SubscriptionDto {
  const limit = plan === "free" ? 3 : plan === "basic" ? 10 : plan === "pro" ? 20 : -1;
  return {
    subscription: { plan, status: "active", currentPeriodEnd: null },
    limits: { customersUsed: 0, customersLimit: limit, documentsUsed: 0, documentsLimit: limit },
    canCreateCustomer: true,
    canCreateDocument: true,
    billingEnabled: true,
    ...overrides,
  };
}

/** What the server answers to /api/all-customers?page&pageSize&q&status&sort&email (see tests/api/all-customers-paging.test.ts). */
export function customerPage(customers: CustomerDto[], query: URLSearchParams) {
  const page = Number(query.get("page") ?? 1);
  const pageSize = Number(query.get("pageSize") ?? 25);
  const q = (query.get("q") ?? "").toLowerCase();
  const status = query.get("status") ?? "all";
  const sort = query.get("sort") ?? "-invitedAt";
  const email = query.get("email")?.trim().toLowerCase();
  const matching = customers.filter(
    (c) =>
      (status === "all" || c.invitationStatus === status) &&
      (c.name.toLowerCase().includes(q) || c.email.toLowerCase().includes(q)) &&
      (email === undefined || c.email.toLowerCase() === email),
  );
  const key = (c: CustomerDto) => (sort.endsWith("name") ? `${c.name.toLowerCase()}\u0000${c.email}` : c.invitedAt);
  const sorted = matching.sort((a, b) => key(a).localeCompare(key(b)) * (sort.startsWith("-") ? -1 : 1));
  return { customers: sorted.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize };
}

/** A signed-in broker with the given customers and plan; `extra` answers anything else first. */
export function brokerServer(
  customers: CustomerDto[],
  plan: SubscriptionDto = subscription("unlimited"),
  extra: FakeRoute = () => undefined,
): FakeRoute {
  return (request) => {
    const answered = extra(request);
    if (answered) return answered;
    switch (request.path) {
      case "/api/auth/user":
        return json(200, broker);
      case "/api/subscription":
        return json(200, plan);
      case "/api/customers":
        return request.method === "GET" ? json(200, customers) : undefined;
      case "/api/all-customers":
        if (request.method !== "GET") return undefined;
        return json(200, request.query.has("page") ? customerPage(customers, request.query) : customers);
      case "/api/dashboard/metrics":
        return json(200, { totalCustomers: customers.length, pendingDocs: 4, overdueDocs: 2, completedToday: 1 });
      case "/api/notifications":
        return json(200, []);
      case "/api/notifications/unread-count":
        return json(200, { count: 0 });
      default:
        return undefined;
    }
  };
}
