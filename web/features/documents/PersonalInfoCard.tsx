import type { ReactNode } from "react";
import type { CustomerDetailDto } from "@shared/api-types";
import { customerStatus } from "@shared/documents";
import { CustomerStatusBadge } from "../../components/CustomerStatusBadge";
import { Card, DetailField } from "../../components/ui/Card";
import { loanTypeLabel } from "@shared/loan-types";
import { formatDay } from "./format";

// Wide fields take the whole row on phones, where names and addresses need the room.
const WIDE = "col-span-2 sm:col-span-1";

/** `children`: what follows the details in the card (the assignee, in a team). */
export function PersonalInfoCard({ customer, children }: { customer: CustomerDetailDto; children?: ReactNode }) {
  return (
    <Card title="Personal Information">
      <dl className="grid grid-cols-2 gap-4">
        <DetailField label="Full Name" className={WIDE}>{customer.name}</DetailField>
        <DetailField label="Email" className={WIDE}>
          <a href={`mailto:${customer.email}`} className="break-all text-brand-700 underline-offset-2 hover:underline">
            {customer.email}
          </a>
        </DetailField>
        <DetailField label="Loan Type">{loanTypeLabel(customer.loanType)}</DetailField>
        <DetailField label="Status">
          <CustomerStatusBadge status={customerStatus(customer.documents)} />
        </DetailField>
        <DetailField label="Last Active">{formatDay(customer.lastActive) ?? "Never"}</DetailField>
      </dl>
      {children}
    </Card>
  );
}
