import { Suspense, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { CreditCard, FilePlus, Send } from "lucide-react";
import { AfterFirstPaint } from "../components/AfterFirstPaint";
import { Button, LinkButton } from "../components/ui/Button";
import { StatCard } from "../components/ui/StatCard";
import { usePageTitle } from "../components/use-page-title";
import { isPendingAction, takePendingAction, type PendingAction } from "../features/auth/pending-action";
import { useDashboardMetricsQuery, type DashboardView } from "../features/dashboard/api";
import { SegmentedControl } from "../components/ui/SegmentedControl";
import { useTeam } from "../features/customers/use-team";
import { AddCustomerButton } from "../features/customers/AddCustomerButton";
import { CustomerOverview } from "../features/customers/CustomerOverview";
import { SharedDocumentsPanel } from "../features/sharing/SharedDocumentsPanel";
import { ExpiringSoonPanel } from "../features/reminders/ExpiringSoonPanel";
import { PaymentReturn } from "../features/subscription/PaymentReturn";
import { useMemberMay } from "../features/workspaces/roles";
import { lazyRetrying } from "../lib/lazy-retrying";

// The dialogs are fetched when first opened and mounted only while open, keeping the dashboard's
// first load light (issue 14: the 250 KB budget, LCP on a phone).
const RequestDocumentDialog = lazyRetrying(async () => ({ default: (await import("../features/customers/RequestDocumentDialog")).RequestDocumentDialog }));
const SendDocumentsDialog = lazyRetrying(async () => ({ default: (await import("../features/sharing/SendDocumentsDialog")).SendDocumentsDialog }));
const PendingDocumentsDialog = lazyRetrying(async () => ({ default: (await import("../features/customers/DashboardDocumentDialogs")).PendingDocumentsDialog }));
const CompletedTodayDialog = lazyRetrying(async () => ({ default: (await import("../features/customers/DashboardDocumentDialogs")).CompletedTodayDialog }));

type OpenDialog = "request" | "share" | "pending" | "completed" | null;

/** SPEC 2 "Broker dashboard". */
export function DashboardRoute() {
  usePageTitle("Dashboard");
  const navigate = useNavigate();
  const [view, setView] = useDashboardView();
  const team = useTeam();
  const metrics = useDashboardMetricsQuery(view);
  const [open, setOpen] = useState<OpenDialog>(null);
  const openOrClose = (dialog: Exclude<OpenDialog, null>) => (isOpen: boolean) => setOpen(isOpen ? dialog : null);
  useDashboardAction(setOpen);
  // Billing is the owner's: a broker's or assistant's purchase would be refused (403).
  const managesBilling = useMemberMay("manageWorkspace");

  const values = metrics.data;
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Dashboard</h1>
            <p className="mt-1 text-slate-600">Track your customers and the documents they owe you.</p>
          </div>
          {/* A team's members look at their own customers or the whole team's; a solo broker has only their own. */}
          {team.isTeam ? (
            <SegmentedControl
              label="Show customers of"
              selectedKey={view}
              onSelectionChange={setView}
              options={[
                { id: "mine", label: "Mine" },
                { id: "team", label: "Team" },
              ]}
              className="self-start"
            />
          ) : null}
        </div>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
          <Button variant="secondary" onPress={() => setOpen("share")}>
            <Send aria-hidden="true" className="size-5" />
            Send Document
          </Button>
          <Button variant="secondary" onPress={() => setOpen("request")}>
            <FilePlus aria-hidden="true" className="size-5" />
            Request New Document
          </Button>
          <AddCustomerButton flow="dashboard" />
          {managesBilling ? (
            <LinkButton href="/#subscription_plan" variant="secondary" className="sm:ml-auto">
              <CreditCard aria-hidden="true" className="size-5" />
              Manage Subscription
            </LinkButton>
          ) : null}
        </div>
      </header>
      <PaymentReturn />

      <div className="grid gap-4 md:grid-cols-3">
        <StatCard
          title="Total Customers"
          value={values?.totalCustomers ?? 0}
          icon="users"
          subtitle="View all customers"
          isLoading={metrics.isLoading}
          onPress={() => navigate(view === "mine" ? "/customers?assignee=me" : "/customers")}
        />
        <StatCard
          title="Pending Documents"
          value={values?.pendingDocs ?? 0}
          icon="clock"
          subtitle="Waiting for upload or review"
          isLoading={metrics.isLoading}
          onPress={() => setOpen("pending")}
        />
        <StatCard
          title="Completed Today"
          value={values?.completedToday ?? 0}
          icon="check"
          subtitle={`${values?.overdueDocs ?? 0} overdue`}
          isLoading={metrics.isLoading}
          onPress={() => setOpen("completed")}
        />
      </div>

      <AfterFirstPaint>
        <CustomerOverview {...(view === "mine" ? { assignee: "me" as const } : {})} />

        <ExpiringSoonPanel />

        <SharedDocumentsPanel />
      </AfterFirstPaint>

      <Suspense fallback={null}>
        {open === "request" ? <RequestDocumentDialog isOpen onOpenChange={openOrClose("request")} /> : null}
        {open === "share" ? <SendDocumentsDialog isOpen onOpenChange={openOrClose("share")} /> : null}
        {open === "pending" ? <PendingDocumentsDialog isOpen onOpenChange={openOrClose("pending")} view={view} /> : null}
        {open === "completed" ? <CompletedTodayDialog isOpen onOpenChange={openOrClose("completed")} view={view} /> : null}
      </Suspense>
    </section>
  );
}

/**
 * "Mine / Team" in the address (?assignee=me, as All Customers spells it), so a reload or Back
 * keeps it. Without it, the team's: everything the broker sees, which for a solo broker is all.
 */
function useDashboardView(): [DashboardView, (view: DashboardView) => void] {
  const [params, setParams] = useSearchParams();
  const view: DashboardView = params.get("assignee") === "me" ? "mine" : "team";
  const setView = (next: DashboardView) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (next === "mine") updated.set("assignee", "me");
      else updated.delete("assignee");
      return updated;
    });
  return [view, setView];
}

const DIALOG_OF_ACTION: Record<PendingAction, "request" | "share"> = { "request-document": "request", "share-document": "share" };

/**
 * SPEC 2: ?action=request-document or ?action=share-document (or the same action stored before
 * signing in) opens the Request New Document or Send Documents dialog once; the URL is then
 * reset to /dashboard.
 */
function useDashboardAction(openDialog: (dialog: "request" | "share") => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);
  const action = params.get("action");
  useEffect(() => {
    // The ref survives StrictMode's double effect run, so the action runs once.
    if (handled.current) return;
    handled.current = true;
    // A stored action is forgotten even when the URL names one, so it never fires later.
    const stored = takePendingAction();
    const chosen = action ?? stored;
    if (isPendingAction(chosen)) openDialog(DIALOG_OF_ACTION[chosen]);
    if (action !== null) navigate("/dashboard", { replace: true });
  }, [action, navigate, openDialog]);
}
