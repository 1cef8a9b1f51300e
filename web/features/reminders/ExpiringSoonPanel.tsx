// The dashboard's "Expiring soon": approved documents whose expiry date is within 30 days.
import { CalendarClock } from "lucide-react";
import { formatIsoDay } from "@shared/reminder-cadence";
import { LinkButton } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { useExpiringDocumentsQuery } from "./api";


export function ExpiringSoonPanel() {
  const query = useExpiringDocumentsQuery();
  const rows = query.data?.documents ?? [];
  return (
    <Card title="Expiring soon" icon={<CalendarClock />}>
      {query.isLoading ? (
        <Spinner label="Loading expiring documents" className="w-full py-8" />
      ) : query.isError ? (
        <EmptyState title="Expiring documents could not be loaded">Please try again in a moment.</EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState title="Nothing expires in the next 30 days" icon={<CalendarClock />}>
          Give approved IDs, licences or insurance declarations an expiry date when you approve them.
        </EmptyState>
      ) : (
        <ul aria-label="Documents expiring soon" className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.documentId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">{row.documentName}</span>
                <span className="block truncate text-sm text-slate-600">{row.customerName}</span>
              </span>
              <span className="text-sm text-slate-700">
                Expires {formatIsoDay(row.expiresOn)}
                {row.renewalRequested ? <span className="block text-xs text-slate-500">Current one requested</span> : null}
              </span>
              <LinkButton variant="ghost" size="sm" href={`/customer/${row.customerId}`} className="text-brand-700">
                View Customer<span className="sr-only"> {row.customerName}</span>
              </LinkButton>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
