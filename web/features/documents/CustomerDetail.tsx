import { Suspense, useEffect, useState } from "react";
import { ArrowLeft, Trash2 } from "lucide-react";
import type { CustomerDetailDto, DocumentDto } from "@shared/api-types";
import { isRemindable } from "@shared/documents";
import { Button, LinkButton } from "../../components/ui/Button";
import { AddDocumentDialog } from "./AddDocumentDialog";
import { ApproveDocumentDialog } from "./ApproveDocumentDialog";
import { BulkDueDateDialog } from "./BulkDueDateDialog";
import { ChangeDueDateDialog } from "./ChangeDueDateDialog";
import { ChangeExpiryDialog } from "./ChangeExpiryDialog";
import { DeleteCustomerDialog } from "./DeleteCustomerDialog";
import { DocumentViewerDialog } from "./DocumentViewerDialog";
import { documentHeadingId, focusHeadingOnceLost } from "./DocumentRow";
import { PersonalInfoCard } from "./PersonalInfoCard";
import { ProgressCard } from "./ProgressCard";
import { QuickActionsCard } from "./QuickActionsCard";
import { RequiredDocumentsCard } from "./RequiredDocumentsCard";
import { ResubmitDocumentDialog } from "./ResubmitDocumentDialog";
import { SendReminderDialog } from "../customers/SendReminderDialog";
import { AssigneeField } from "../customers/AssigneeField";
import { WatchersField } from "../customers/WatchersField";
import { SharedDocumentsCard } from "./SharedDocumentsCard";
import { RemindersToggle } from "../reminders/RemindersToggle";
import { useDocumentExpiriesQuery } from "../reminders/expiry-api";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { useMemberMay } from "../workspaces/roles";

// The activity timeline loads with its own chunk, after the page: the shared chunks the portal
// and dashboard load stay as they were (their size budgets, tests/api/bundle-size.test.ts).
const ActivityCard = lazyRetrying(async () => ({ default: (await import("../audit/ActivityCard")).ActivityCard }));
// The Signatures card (issue 41) likewise: its chunk, and pdf.js only once a request is started.
const SignaturesSection = lazyRetrying(async () => ({ default: (await import("../signatures/SignaturesSection")).SignaturesSection }));

// At most one dialog is open; opening Approve from the viewer replaces the viewer,
// so "dialogs close" after a verification falls out of the state shape.
type OpenDialog =
  | { kind: "view" | "approve" | "resubmit" | "due" | "expiry"; doc: DocumentDto }
  | { kind: "reminder" | "bulk" | "add" | "delete" }
  | null;

export function CustomerDetail({ customer }: { customer: CustomerDetailDto }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // A document's dialog opened from another (Approve from the viewer) has no opener left to give
  // focus back to when it is cancelled: then the document's heading takes it, not <body>.
  const close = () => {
    const doc = dialog && "doc" in dialog ? dialog.doc : null;
    setDialog(null);
    if (doc) focusHeadingOnceLost(doc.id);
  };
  // After Approve or Re-Submit the button that opened the dialog may disappear (an approved
  // document has none): focus goes to the document's heading instead of falling to <body>.
  // Done in the commit that closes the dialog, before React Aria would restore focus itself.
  const [focusDocument, setFocusDocument] = useState<string | null>(null);
  useEffect(() => {
    if (dialog !== null || focusDocument === null) return;
    document.getElementById(documentHeadingId(focusDocument))?.focus();
    setFocusDocument(null);
  }, [dialog, focusDocument]);
  const reviewed = (doc: DocumentDto) => setFocusDocument(doc.id);
  const expiries = useDocumentExpiriesQuery(customer.id).data;
  const docFor = (kind: "view" | "approve" | "resubmit" | "due" | "expiry") =>
    dialog && dialog.kind === kind && "doc" in dialog ? dialog.doc : null;
  const expiryDoc = docFor("expiry");
  const toggle = (kind: "reminder" | "bulk" | "add" | "delete") => (open: boolean) => setDialog(open ? { kind } : null);
  // An assistant works customers but may not delete them (the server answers 403).
  const mayDelete = useMemberMay("deleteCustomers");

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <LinkButton href="/customers" variant="ghost" size="sm" className="-ml-3">
          <ArrowLeft aria-hidden="true" className="size-4" />
          All Customers
        </LinkButton>
        <h1 className="mt-1 text-2xl font-semibold break-words text-slate-900 sm:text-3xl">{customer.name}</h1>
        <p className="break-all text-slate-600">{customer.email}</p>
      </div>

      {/* DOM order is the phone order (info, progress, actions, documents); on wide screens the
          progress and actions column moves to the right without changing the tab order. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="lg:col-span-2">
          <PersonalInfoCard customer={customer}>
            <AssigneeField customer={customer} />
            <WatchersField customer={customer} />
          </PersonalInfoCard>
        </div>
        <aside aria-label="Progress and actions" className="flex flex-col gap-6 lg:col-start-3 lg:row-span-4 lg:row-start-1">
          <ProgressCard documents={customer.documents} />
          <QuickActionsCard
            customerId={customer.id}
            customerName={customer.name}
            canRemind={customer.documents.some((d) => isRemindable(d.status))}
            onSendReminder={() => setDialog({ kind: "reminder" })}
            onSetDueDates={() => setDialog({ kind: "bulk" })}
            onRequestDocument={() => setDialog({ kind: "add" })}
          />
          <RemindersToggle customerId={customer.id} />
        </aside>
        <div className="lg:col-span-2">
          <RequiredDocumentsCard
            documents={customer.documents}
            expiries={expiries}
            actions={{
              onView: (doc) => setDialog({ kind: "view", doc }),
              onApprove: (doc) => setDialog({ kind: "approve", doc }),
              onResubmit: (doc) => setDialog({ kind: "resubmit", doc }),
              onChangeDueDate: (doc) => setDialog({ kind: "due", doc }),
              onChangeExpiry: (doc) => setDialog({ kind: "expiry", doc }),
            }}
          />
        </div>
        <div className="lg:col-span-2">
          <Suspense fallback={null}>
            <SignaturesSection customer={customer} />
          </Suspense>
        </div>
        <div className="empty:hidden lg:col-span-2">
          <SharedDocumentsCard documents={customer.documents} />
        </div>
        <div className="lg:col-span-2">
          <Suspense fallback={null}>
            <ActivityCard customerId={customer.id} customerName={customer.name} />
          </Suspense>
        </div>
        {mayDelete ? (
          <div className="lg:col-span-2">
            <Button variant="danger" onPress={() => setDialog({ kind: "delete" })} className="w-full sm:w-auto">
              <Trash2 aria-hidden="true" className="size-5" />
              Delete This Customer
            </Button>
          </div>
        ) : null}
      </div>

      <DocumentViewerDialog
        document={docFor("view")}
        onClose={close}
        onApprove={(doc) => setDialog({ kind: "approve", doc })}
        onResubmit={(doc) => setDialog({ kind: "resubmit", doc })}
        onChangeExpiry={(doc) => setDialog({ kind: "expiry", doc })}
      />
      <ApproveDocumentDialog document={docFor("approve")} onClose={close} onDone={reviewed} />
      <ResubmitDocumentDialog document={docFor("resubmit")} onClose={close} onDone={reviewed} />
      <ChangeDueDateDialog document={docFor("due")} onClose={close} />
      <ChangeExpiryDialog
        document={expiryDoc}
        expiresOn={expiryDoc ? (expiries?.get(expiryDoc.id) ?? null) : null}
        onClose={close}
      />
      <SendReminderDialog customer={dialog?.kind === "reminder" ? customer : null} onClose={() => toggle("reminder")(false)} />
      <BulkDueDateDialog
        documents={customer.documents}
        isOpen={dialog?.kind === "bulk"}
        onOpenChange={toggle("bulk")}
      />
      <AddDocumentDialog customer={customer} isOpen={dialog?.kind === "add"} onOpenChange={toggle("add")} />
      <DeleteCustomerDialog customer={customer} isOpen={dialog?.kind === "delete"} onOpenChange={toggle("delete")} />
    </div>
  );
}
