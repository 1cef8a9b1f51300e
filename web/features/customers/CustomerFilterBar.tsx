import type { ReactNode } from "react";
import { SearchField } from "../../components/ui/SearchField";
import { Select } from "../../components/ui/Select";
import type { InvitationFilter } from "./page-path";

// The SPEC's filter values are all, accepted and pending, on invitationStatus; the labels say
// "invitation" because a card's own "Pending" badge means documents not yet all approved.
const STATUS_LABELS: Record<InvitationFilter, string> = { all: "All invitations", pending: "Invitation pending", accepted: "Invitation accepted" };
const statusOptions = (order: InvitationFilter[]) => order.map((id) => ({ id, label: STATUS_LABELS[id] }));

/**
 * Where the bar stands: the dashboard's Customer Overview (narrower, its statuses in SPEC 2's order
 * "all, accepted, pending") or the All Customers page ("all, pending, accepted").
 */
const PLACES = {
  overview: { options: statusOptions(["all", "accepted", "pending"]), search: "sm:w-72", status: "sm:w-44" },
  page: { options: statusOptions(["all", "pending", "accepted"]), search: "sm:w-80", status: "sm:w-48" },
};

/**
 * Search by name or email and filter by invitation status: the dashboard's overview and All
 * Customers. `children`: more filters on the same row (All Customers' assignee, in a team).
 */
export function CustomerFilterBar({
  place,
  search,
  onSearchChange,
  status,
  onStatusChange,
  children,
}: {
  place: keyof typeof PLACES;
  search: string;
  onSearchChange: (search: string) => void;
  status: InvitationFilter;
  onStatusChange: (status: InvitationFilter) => void;
  children?: ReactNode;
}) {
  const { options, ...widths } = PLACES[place];
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <SearchField label="Search customers" placeholder="Search by name or email" value={search} onChange={onSearchChange} className={widths.search} />
      <Select
        label="Filter by invitation status"
        hideLabel
        selectedKey={status}
        onSelectionChange={onStatusChange}
        options={options}
        className={widths.status}
      />
      {children}
    </div>
  );
}
