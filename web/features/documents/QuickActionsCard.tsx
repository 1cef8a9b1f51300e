import { CalendarClock, FilePlus, Mail } from "lucide-react";
import { resolveCap } from "@shared/limits";
import { Button } from "../../components/ui/Button";
import { useDocumentLimitQuery } from "../customers/api";
import { Card } from "../../components/ui/Card";
import { ExportCustomerButton } from "../export/ExportButtons";

/** The per-customer cap from the server (3 when it sends none), or null when the plan has none (or it is still loading). */
export function useDocumentCap(customerId: string): { reached: boolean; max: number | null } {
  const { data } = useDocumentLimitQuery(customerId);
  const max = data ? resolveCap(data.maxAllowed) : null;
  if (!data || max === null) return { reached: false, max: null };
  return { reached: data.currentCount >= max, max };
}

export function QuickActionsCard({
  customerId,
  customerName,
  canRemind,
  onSendReminder,
  onSetDueDates,
  onRequestDocument,
}: {
  customerId: string;
  customerName: string;
  /** Whether any document still waits for the customer (a reminder would otherwise say nothing). */
  canRemind: boolean;
  onSendReminder: () => void;
  onSetDueDates: () => void;
  onRequestDocument: () => void;
}) {
  const cap = useDocumentCap(customerId);
  const full = "w-full justify-start";
  return (
    <Card title="Quick Actions">
      <div className="flex flex-col gap-2">
        <Button variant="secondary" className={full} onPress={onSendReminder} isDisabled={!canRemind} aria-describedby={canRemind ? undefined : `nothing-to-remind-${customerId}`}>
          <Mail aria-hidden="true" className="size-5" />
          Send Reminder
        </Button>
        {canRemind ? null : (
          <p id={`nothing-to-remind-${customerId}`} className="-mt-1 text-xs text-slate-500">
            Nothing to remind {customerName} of: no document is waiting for them.
          </p>
        )}
        <Button variant="secondary" className={full} onPress={onSetDueDates}>
          <CalendarClock aria-hidden="true" className="size-5" />
          Set Due Date & Reminder
        </Button>
        <Button variant="primary" className={full} onPress={onRequestDocument} isDisabled={cap.reached}>
          <FilePlus aria-hidden="true" className="size-5" />
          {cap.reached ? `${cap.max} Document Limit Reached` : "Request New Document"}
        </Button>
        <ExportCustomerButton customerId={customerId} name={customerName} className={full} />
      </div>
    </Card>
  );
}
