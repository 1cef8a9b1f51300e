import { CircleCheck, Clock } from "lucide-react";
import type { CustomerStatus } from "@shared/documents";
import { Badge } from "./ui/Badge";

/**
 * A customer is Completed once every requested document is approved, else Pending (SPEC 2 names
 * both words). "Pending" also names an invitation not yet accepted (the status filter, All
 * Customers' rows, which say "Invitation pending"), so this one says on hover which it means.
 */
const DOCUMENTS_PENDING_NOTE = "Documents pending: not every requested document is approved yet";

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return status === "completed" ? (
    <Badge tone="green" icon={<CircleCheck />}>
      Completed
    </Badge>
  ) : (
    <Badge tone="neutral" icon={<Clock />} title={DOCUMENTS_PENDING_NOTE}>
      Pending
    </Badge>
  );
}
