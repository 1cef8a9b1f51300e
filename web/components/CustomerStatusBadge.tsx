import { CircleCheck, Clock } from "lucide-react";
import type { CustomerStatus } from "@shared/documents";
import { Badge } from "./ui/Badge";

/** A customer is Completed once every requested document is approved, else Pending. */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return status === "completed" ? (
    <Badge tone="green" icon={<CircleCheck />}>
      Completed
    </Badge>
  ) : (
    <Badge tone="neutral" icon={<Clock />}>
      Pending
    </Badge>
  );
}
