// SPEC 9 "Query cache times", read from the queries the screens really make: each hook's
// configured options, after the screen has loaded; then every query hook of the web app, one by one.
import { useDeliveriesQuery, useWebhooksQuery } from "../../web/features/integrations/api";
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { useState, type ReactNode } from "react";
import { fireEvent, renderHook, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "../../web/api/client";
import { createQueryClient } from "../../web/api/query-client";
import { prefetchCurrentUser, useAuthUserQuery, useResetTokenQuery } from "../../web/features/auth/api";
import { useCustomerQuery, useDocumentLimitQuery } from "../../web/features/customers/api";
import { useCompletedDocumentsQuery, useDashboardMetricsQuery, usePendingDocumentsQuery } from "../../web/features/dashboard/api";
import { useDocumentFileQuery } from "../../web/features/documents/api";
import { useCustomerRemindersQuery, useExpiringDocumentsQuery, useReminderSettingsQuery } from "../../web/features/reminders/api";
import { useDocumentExpiriesQuery } from "../../web/features/reminders/expiry-api";
import { useDemoVideoQuery } from "../../web/features/landing/api";
import { brokerNotificationSource, customerNotificationSource, useNotificationPages, useNotifications } from "../../web/features/notifications/api";
import { useBrokerProfile } from "../../web/features/profile/account-api";
import { useExportSettingsQuery } from "../../web/features/export/api";
import { useSiteInfo } from "../../web/features/landing/site-api";
import { useOidcSettings, useTwoFactorStatus } from "../../web/features/auth/sign-in-options-api";
import { useStandardRulesQuery } from "../../web/features/document-checks/api";
import { customerPageOptions, useCustomerPageQuery } from "../../web/features/customers/page-query";
import { findCustomerWithEmail, useCustomerWithEmail } from "../../web/features/customers/customer-search";
import { usePortalQuery } from "../../web/features/portal/api";
import { useResetTokenRefusal } from "../../web/features/portal/reset-token-api";
import { useLinkSignatureRequests, useSignerView } from "../../web/features/signing/api";
import { useCachedWorkspaceQuery, useInvitationQuery, useInvitationsQuery, useMembersQuery, useWorkspaceQuery } from "../../web/features/workspaces/api";
import { useSharedDocumentsQuery, useShareSettingsQuery } from "../../web/features/sharing/api";
import { useTemplatesQuery } from "../../web/features/templates/api";
import { useApiKeysQuery } from "../../web/features/integrations/api";
import { useCustomerAuditQuery } from "../../web/features/audit/api";
import { useSignatureRequestsQuery } from "../../web/features/signatures/api";
import { useSignatureTemplatesQuery } from "../../web/features/signatures/templates-api";
import { useBillingSettings, useSubscriptionQuery } from "../../web/features/subscription/api";
import { fakeServer, renderApp } from "../support/render-app";
import { brokerServer } from "./customers-fixtures";
import { guestPortal, LINK, portalRoute } from "./portal-fixtures";

const MINUTE = 60_000;

/** The options a cached query was made with (the client's defaults merged in). */
function optionsOf(client: QueryClient, queryKey: readonly unknown[]) {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query) throw new Error(`no query ${JSON.stringify(queryKey)}; cached: ${JSON.stringify(client.getQueryCache().getAll().map((q) => q.queryKey))}`);
  const { staleTime, gcTime, refetchInterval, retry, retryDelay, refetchOnWindowFocus, refetchOnMount, refetchOnReconnect } = query.options as Record<string, unknown>;
  return { staleTime, gcTime, refetchInterval, retry, retryDelay, refetchOnWindowFocus, refetchOnMount, refetchOnReconnect };
}

const dataCache = { retry: false, refetchOnWindowFocus: false, refetchOnMount: false, refetchOnReconnect: false };

test("the broker's queries use the spec's cache, polling and retry times", async () => {
  fakeServer(brokerServer([]));
  const { queryClient } = renderApp("/dashboard");
  fireEvent.click(await screen.findByRole("button", { name: /Pending Documents/ }));
  await screen.findByRole("dialog");
  fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  fireEvent.click(screen.getByRole("button", { name: /Completed Today/ }));
  await screen.findByRole("dialog");

  expect(optionsOf(queryClient, ["dashboard", "metrics"])).toMatchObject({ staleTime: 15 * MINUTE, gcTime: 20 * MINUTE, ...dataCache });
  // The Customer Overview's first page (the 12 most urgent): the customer list's times.
  expect(optionsOf(queryClient, ["customers", "list", "invitations", 1, 12, "", "all", "urgency"])).toMatchObject({ staleTime: 15 * MINUTE, gcTime: 20 * MINUTE, ...dataCache });
  expect(optionsOf(queryClient, ["dashboard", "pending-documents"])).toMatchObject({ staleTime: 2 * MINUTE, ...dataCache });
  expect(optionsOf(queryClient, ["dashboard", "completed-documents"])).toMatchObject({ staleTime: 2 * MINUTE, ...dataCache });
  expect(optionsOf(queryClient, ["subscription"])).toMatchObject({
    staleTime: 5 * MINUTE,
    refetchInterval: 30_000,
    retry: 1,
    retryDelay: 2_000,
    refetchOnWindowFocus: false,
  });
  expect(optionsOf(queryClient, ["notifications", "broker", "list"])).toMatchObject({
    staleTime: 5 * MINUTE,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    retry: 3,
    retryDelay: 1_000,
  });
  expect(optionsOf(queryClient, ["notifications", "broker", "unread-count"])).toMatchObject({ staleTime: 5 * MINUTE, refetchInterval: 30_000 });
});

test("the portal's link data is never cached (SPEC 9: upload-link data 0)", async () => {
  fakeServer(portalRoute({ portal: guestPortal() }));
  const { queryClient } = renderApp(`/upload/${LINK}`);
  await screen.findByText("Paystub");
  expect(optionsOf(queryClient, ["portal", LINK])).toMatchObject({ staleTime: 0, gcTime: 0 });
});

// ---- Every query the web app makes ----
// The table below names each query hook with the times SPEC 9 gives it (or the data cache's,
// where the spec names none). The first test finds every query call in web/ and fails when one is
// not in the table, so a new hook cannot ship without its times being decided and checked here.

type Options = ReturnType<typeof optionsOf>;

interface QueryHook {
  /** Where it lives and the function that calls useQuery ("useNotifications#1": its second call). */
  file: string;
  hook: string;
  render: () => unknown;
  queryKey: readonly unknown[];
  expected: Partial<Options>;
  /** What the retry and retryDelay functions must answer, for hooks that decide per failure. */
  check?: (options: Options) => void;
}

const noPolling = { refetchInterval: undefined };
const spec9 = {
  fifteenMinutes: { staleTime: 15 * MINUTE, gcTime: 20 * MINUTE, ...dataCache, ...noPolling },
  twoMinutes: { staleTime: 2 * MINUTE, ...dataCache, ...noPolling },
  /** Data the spec gives no time for: kept until a change or a live message refreshes it. */
  dataCache: { staleTime: Infinity, ...dataCache, ...noPolling },
  notifications: { staleTime: 5 * MINUTE, refetchInterval: 30_000, refetchOnWindowFocus: true, refetchOnMount: true, refetchOnReconnect: false, retry: 3, retryDelay: 1_000 },
  unreadCount: (staleTime: number) => ({ staleTime, refetchInterval: 30_000, ...dataCache }),
  linkCheck: { gcTime: 0, retry: false, refetchOnWindowFocus: false, ...noPolling },
  /** Changed by other people's hands with no live message (another owner, someone joining): asked each time its page opens. */
  askedOnOpen: { staleTime: 0, refetchOnMount: "always", retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, ...noPolling },
};

const QUERY_HOOKS: QueryHook[] = [
  { file: "web/features/auth/api.ts", hook: "useAuthUserQuery", render: () => useAuthUserQuery(), queryKey: ["auth", "user"], expected: spec9.dataCache },
  {
    // prefetchCurrentUser (the scanner names it after the hook above it): the same query, asked
    // before the first render of a broker screen.
    file: "web/features/auth/api.ts",
    hook: "useAuthUserQuery#1",
    render: function Prefetch() {
      const client = useQueryClient();
      useState(() => void prefetchCurrentUser(client));
    },
    queryKey: ["auth", "user"],
    expected: spec9.dataCache,
  },
  { file: "web/features/customers/api.ts", hook: "useCustomerQuery", render: () => useCustomerQuery("c1"), queryKey: ["customers", "c1"], expected: spec9.dataCache },
  {
    file: "web/features/customers/api.ts",
    hook: "useDocumentLimitQuery",
    render: () => useDocumentLimitQuery("c1"),
    queryKey: ["customers", "c1", "document-limit"],
    expected: spec9.dataCache,
  },
  { file: "web/features/dashboard/api.ts", hook: "useDashboardMetricsQuery", render: () => useDashboardMetricsQuery(), queryKey: ["dashboard", "metrics"], expected: spec9.fifteenMinutes },
  {
    file: "web/features/dashboard/api.ts",
    hook: "usePendingDocumentsQuery",
    render: () => usePendingDocumentsQuery(true),
    queryKey: ["dashboard", "pending-documents"],
    expected: spec9.twoMinutes,
  },
  {
    file: "web/features/dashboard/api.ts",
    hook: "useCompletedDocumentsQuery",
    render: () => useCompletedDocumentsQuery(true),
    queryKey: ["dashboard", "completed-documents"],
    expected: spec9.twoMinutes,
  },
  {
    file: "web/features/subscription/api.ts",
    hook: "useSubscriptionQuery",
    render: () => useSubscriptionQuery(),
    queryKey: ["subscription"],
    expected: { staleTime: 5 * MINUTE, refetchInterval: 30_000, retry: 1, retryDelay: 2_000, refetchOnWindowFocus: false, refetchOnMount: false, refetchOnReconnect: false },
  },
  // useNotifications serves both sides: its first call is the list, its second the unread count.
  {
    file: "web/features/notifications/api.ts",
    hook: "useNotifications",
    render: () => useNotifications(brokerNotificationSource, true),
    queryKey: ["notifications", "broker", "list"],
    expected: spec9.notifications,
  },
  {
    file: "web/features/notifications/api.ts",
    hook: "useNotifications#1",
    render: () => useNotifications(brokerNotificationSource, true),
    queryKey: ["notifications", "broker", "unread-count"],
    expected: spec9.unreadCount(5 * MINUTE),
  },
  {
    file: "web/features/notifications/api.ts",
    hook: "useNotifications",
    render: () => useNotifications(customerNotificationSource(LINK), true),
    queryKey: ["notifications", "customer", LINK, "list"],
    expected: spec9.notifications,
  },
  {
    file: "web/features/notifications/api.ts",
    hook: "useNotifications#1",
    render: () => useNotifications(customerNotificationSource(LINK), true),
    queryKey: ["notifications", "customer", LINK, "unread-count"],
    expected: spec9.unreadCount(2 * MINUTE),
  },
  {
    file: "web/features/portal/api.ts",
    hook: "usePortalQuery",
    render: () => usePortalQuery(LINK),
    queryKey: ["portal", LINK],
    expected: { staleTime: 0, gcTime: 0, refetchOnWindowFocus: false, refetchOnMount: false, refetchOnReconnect: false, ...noPolling },
    // SPEC 7: no retry on 404, otherwise up to 3 retries with exponential back-off capped at 30 s.
    check: ({ retry, retryDelay }) => {
      const shouldRetry = retry as (count: number, error: Error) => boolean;
      expect(shouldRetry(0, new ApiError(404, "This upload link is not valid or has expired."))).toBe(false);
      expect([0, 1, 2, 3].map((count) => shouldRetry(count, new ApiError(503, "Down")))).toEqual([true, true, true, false]);
      const delay = retryDelay as (attempt: number) => number;
      expect([0, 1, 2, 3, 4, 5, 10].map(delay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    },
  },
  // A file's bytes for the viewer: not kept once the viewer closes (files can be large).
  {
    file: "web/features/documents/api.ts",
    hook: "useDocumentFileQuery",
    render: () => useDocumentFileQuery("/api/documents/d1/file"),
    queryKey: ["files", "/api/documents/d1/file"],
    expected: { ...spec9.dataCache, gcTime: 0 },
  },
  {
    file: "web/features/sharing/api.ts",
    hook: "useSharedDocumentsQuery",
    render: () => useSharedDocumentsQuery(),
    queryKey: ["dashboard", "shared-documents"],
    expected: { ...spec9.dataCache, staleTime: 5 * MINUTE },
  },
  { file: "web/features/templates/api.ts", hook: "useTemplatesQuery", render: () => useTemplatesQuery(), queryKey: ["templates", "list"], expected: spec9.dataCache },
  { file: "web/features/sharing/api.ts", hook: "useShareSettingsQuery", render: () => useShareSettingsQuery(), queryKey: ["documents", "share-settings"], expected: spec9.dataCache },
  // The operator's billing settings change only with a restart; one retry like the subscription.
  {
    file: "web/features/subscription/api.ts",
    hook: "useBillingSettings",
    render: () => useBillingSettings(),
    queryKey: ["subscription", "billing-settings"],
    expected: { ...spec9.dataCache, gcTime: Infinity, retry: 1 },
  },
  {
    file: "web/features/notifications/api.ts",
    hook: "useNotificationPages",
    render: () => useNotificationPages("unread"),
    queryKey: ["notifications", "broker", "page", "unread"],
    expected: spec9.notifications,
  },
  // The broker's own profile: kept until the broker changes it (the mutation refreshes it).
  { file: "web/features/profile/account-api.ts", hook: "useBrokerProfile", render: () => useBrokerProfile(), queryKey: ["profile"], expected: spec9.dataCache },
  // The broker's export file-name pattern: kept until they change it (the mutation writes it into the cache).
  { file: "web/features/export/api.ts", hook: "useExportSettingsQuery", render: () => useExportSettingsQuery(), queryKey: ["profile", "export"], expected: spec9.dataCache },
  // The operator's footer settings change only with a restart; one retry as for billing settings.
  { file: "web/features/landing/site-api.ts", hook: "useSiteInfo", render: () => useSiteInfo(), queryKey: ["site"], expected: { ...spec9.dataCache, retry: 1 } },
  // Operator settings and the broker's own factor: kept until a change (their mutations refresh them).
  { file: "web/features/auth/sign-in-options-api.ts", hook: "useOidcSettings", render: () => useOidcSettings(), queryKey: ["auth", "oidc-settings"], expected: spec9.dataCache },
  { file: "web/features/auth/sign-in-options-api.ts", hook: "useTwoFactorStatus", render: () => useTwoFactorStatus("u1"), queryKey: ["auth", "two-factor", "u1"], expected: spec9.dataCache },
  {
    file: "web/features/document-checks/api.ts",
    hook: "useStandardRulesQuery",
    render: () => useStandardRulesQuery(),
    queryKey: ["documents", "acceptance-rules", "standard"],
    expected: spec9.dataCache,
  },
  {
    file: "web/features/customers/page-query.ts",
    hook: "useCustomerPageQuery",
    render: () => useCustomerPageQuery({ page: 1, pageSize: 25, q: "", status: "all", sort: "name" }),
    queryKey: ["customers", "list", "invitations", 1, 25, "", "all", "name"],
    expected: spec9.fifteenMinutes,
  },
  {
    // customerPageOptions (named after the hook above it): the same query, for other hooks and fetchQuery.
    file: "web/features/customers/page-query.ts",
    hook: "useCustomerPageQuery#1",
    render: () => useQuery(customerPageOptions({ page: 1, pageSize: 25, q: "", status: "all", sort: "name" })),
    queryKey: ["customers", "list", "invitations", 1, 25, "", "all", "name"],
    expected: spec9.fifteenMinutes,
  },
  // Whether a typed address is already a customer: a page of one under the customer list's key.
  {
    file: "web/features/customers/customer-search.ts",
    hook: "useCustomerWithEmail",
    render: () => useCustomerWithEmail("Jane@Example.com"),
    queryKey: ["customers", "list", "invitations", 1, 1, "", "all", "name", "jane@example.com"],
    expected: spec9.fifteenMinutes,
  },
  {
    // findCustomerWithEmail (named after the hook above it): the same question asked on sending.
    file: "web/features/customers/customer-search.ts",
    hook: "useCustomerWithEmail#1",
    render: function FindOnSend() {
      const client = useQueryClient();
      // Unmounting cancels the fetch; that rejection is not what this test is about.
      useState(() => void findCustomerWithEmail(client, "Jane@Example.com").catch(() => undefined));
    },
    queryKey: ["customers", "list", "invitations", 1, 1, "", "all", "name", "jane@example.com"],
    expected: spec9.fifteenMinutes,
  },
  {
    file: "web/features/reminders/api.ts",
    hook: "useCustomerRemindersQuery",
    render: () => useCustomerRemindersQuery("c1"),
    queryKey: ["customers", "c1", "reminders"],
    expected: spec9.dataCache,
  },
  {
    file: "web/features/reminders/api.ts",
    hook: "useReminderSettingsQuery",
    render: () => useReminderSettingsQuery(),
    queryKey: ["profile", "reminder-settings"],
    expected: spec9.dataCache,
  },
  {
    file: "web/features/reminders/api.ts",
    hook: "useExpiringDocumentsQuery",
    render: () => useExpiringDocumentsQuery(),
    queryKey: ["dashboard", "expiring-documents"],
    expected: spec9.dataCache,
  },
  // A customer's audit trail: kept until a change or a live message about the customer refreshes it.
  {
    file: "web/features/audit/api.ts",
    hook: "useCustomerAuditQuery",
    render: () => useCustomerAuditQuery("c1"),
    queryKey: ["customers", "c1", "audit", 25],
    expected: spec9.dataCache,
  },
  // A customer's signature requests: under the customer's key, so a signer's view, signature or
  // decline and the seal (document_status_changed on the live channel) refresh them.
  {
    file: "web/features/signatures/api.ts",
    hook: "useSignatureRequestsQuery",
    render: () => useSignatureRequestsQuery("c1"),
    queryKey: ["customers", "c1", "signature-requests"],
    expected: spec9.dataCache,
  },
  {
    file: "web/features/signatures/templates-api.ts",
    hook: "useSignatureTemplatesQuery",
    render: () => useSignatureTemplatesQuery(true),
    queryKey: ["templates", "signature"],
    expected: spec9.dataCache,
  },
  {
    file: "web/features/reminders/expiry-api.ts",
    hook: "useDocumentExpiriesQuery",
    render: () => useDocumentExpiriesQuery("c1"),
    queryKey: ["customers", "c1", "document-expiries"],
    expected: spec9.dataCache,
  },
  { file: "web/features/landing/api.ts", hook: "useDemoVideoQuery", render: () => useDemoVideoQuery(true), queryKey: ["demo", "video"], expected: spec9.dataCache },
  // A reset or invitation link's check, asked as its page or dialog opens: never kept (a link used meanwhile must
  // be asked again), never retried (404 is the answer, not a failure).
  { file: "web/features/auth/api.ts", hook: "useResetTokenQuery", render: () => useResetTokenQuery("t1"), queryKey: ["auth", "reset-token", "t1"], expected: spec9.linkCheck },
  { file: "web/features/workspaces/api.ts", hook: "useInvitationQuery", render: () => useInvitationQuery("t1"), queryKey: ["workspace", "invitation", "t1"], expected: spec9.linkCheck },
  // The Team page's workspace, members and pending invitations; the members are also whom a customer may be assigned to.
  { file: "web/features/workspaces/api.ts", hook: "useWorkspaceQuery", render: () => useWorkspaceQuery(), queryKey: ["workspace", "settings"], expected: spec9.askedOnOpen },
  // The same settings where only the visibility is needed (the customer page's Watching field): kept, not asked on every open.
  { file: "web/features/workspaces/api.ts", hook: "useCachedWorkspaceQuery", render: () => useCachedWorkspaceQuery(), queryKey: ["workspace", "settings"], expected: spec9.dataCache },
  { file: "web/features/workspaces/api.ts", hook: "useMembersQuery", render: () => useMembersQuery(), queryKey: ["workspace", "members"], expected: spec9.askedOnOpen },
  { file: "web/features/workspaces/api.ts", hook: "useInvitationsQuery", render: () => useInvitationsQuery(), queryKey: ["workspace", "invitations"], expected: spec9.askedOnOpen },
  // What a signer is asked to sign (issue 41): upload-link data, never cached (SPEC 9: 0), read
  // again by the live channel; a link or request that is refused (4xx) is not asked again.
  ...[
    { hook: "useLinkSignatureRequests", render: () => useLinkSignatureRequests(LINK), queryKey: ["portal", LINK, "signature-requests"] },
    { hook: "useSignerView", render: () => useSignerView({ kind: "link", link: LINK, requestId: "r1" }), queryKey: ["portal", LINK, "signature-requests", "r1"] },
    { hook: "useSignerView", render: () => useSignerView({ kind: "token", token: "t1" }), queryKey: ["signing", "t1"] },
  ].map((hook) => ({
    ...hook,
    file: "web/features/signing/api.ts",
    expected: { staleTime: 0, gcTime: 0, refetchOnWindowFocus: false, refetchOnMount: false, refetchOnReconnect: false, ...noPolling },
    check: ({ retry }: Options) => {
      const shouldRetry = retry as (count: number, error: Error) => boolean;
      expect([404, 409].map((status) => shouldRetry(0, new ApiError(status, "No")))).toEqual([false, false]);
      expect([0, 1, 2, 3].map((count) => shouldRetry(count, new ApiError(503, "Down")))).toEqual([true, true, true, false]);
    },
  })),
  // The Integrations page's webhook endpoints and a delivery log: deliveries happen in the background with no live message.
  { file: "web/features/integrations/api.ts", hook: "useWebhooksQuery", render: () => useWebhooksQuery(), queryKey: ["integrations", "webhooks"], expected: spec9.askedOnOpen },
  { file: "web/features/integrations/api.ts", hook: "useDeliveriesQuery", render: () => useDeliveriesQuery("e1"), queryKey: ["integrations", "webhooks", "e1", "deliveries"], expected: spec9.askedOnOpen },
  // The Integrations page's API keys (issue 43): another owner may add or revoke one, and last use moves.
  { file: "web/features/integrations/api.ts", hook: "useApiKeysQuery", render: () => useApiKeysQuery(), queryKey: ["integrations", "api-keys"], expected: spec9.askedOnOpen },
  { file: "web/features/portal/reset-token-api.ts", hook: "useResetTokenRefusal", render: () => useResetTokenRefusal("t1"), queryKey: ["portal", "reset-token", "t1"], expected: spec9.linkCheck },
];

/** Every call that makes a query, in every web source file: "file hook" ("hook#n" for the n-th after the first). */
function queryCallsInWeb(): string[] {
  const root = join(import.meta.dir, "../..");
  const calls: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(join(root, path), "utf8");
        const seen = new Map<string, number>();
        for (const call of source.matchAll(/\b(useQuery|useQueries|useSuspenseQuery|useSuspenseQueries|useInfiniteQuery|fetchQuery|prefetchQuery|ensureQueryData|queryOptions)\s*(<[^(]*>)?\(/g)) {
          const before = source.slice(0, call.index);
          const owners = [...before.matchAll(/(?:function\s+(use\w+)|const\s+(use\w+)\s*=)/g)];
          const owner = owners.at(-1);
          const name = owner ? (owner[1] ?? owner[2])! : "(top level)";
          const n = seen.get(name) ?? 0;
          seen.set(name, n + 1);
          calls.push(`${path} ${n === 0 ? name : `${name}#${n}`}`);
        }
      }
    }
  };
  walk("web");
  return calls.sort();
}

test("every query call in the web app is in the table of SPEC 9 times", () => {
  const inTable = [...new Set(QUERY_HOOKS.map((h) => `${h.file} ${h.hook}`))].sort();
  expect(queryCallsInWeb()).toEqual(inTable);
});

for (const hook of QUERY_HOOKS) {
  test(`${hook.hook.replace(/#\d+$/, "")} ${JSON.stringify(hook.queryKey)}: the times of SPEC 9`, () => {
    fakeServer(() => undefined);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => hook.render(), { wrapper });
    const options = optionsOf(client, hook.queryKey);
    expect(options).toMatchObject(hook.expected);
    hook.check?.(options);
    unmount();
    client.clear();
  });
}
