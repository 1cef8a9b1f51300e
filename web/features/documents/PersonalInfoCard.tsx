import type { ReactNode } from "react";
import type { CustomerDetailDto } from "@shared/api-types";
import { customerStatus } from "@shared/documents";
import { CustomerStatusBadge } from "../../components/CustomerStatusBadge";
import { Card } from "./Card";
import { loanTypeLabel } from "@shared/loan-types";
import { formatDay } from "./format";

export function PersonalInfoCard({ customer }: { customer: CustomerDetailDto }) {
  return (
    <Card title="Personal Information">
      <dl className="grid grid-cols-2 gap-4">
        <Field label="Full Name" wide>{customer.name}</Field>
        <Field label="Email" wide>
          <a href={`mailto:${customer.email}`} className="break-all text-brand-700 underline-offset-2 hover:underline">
            {customer.email}
          </a>
        </Field>
        <Field label="Loan Type">{loanTypeLabel(customer.loanType)}</Field>
        <Field label="Status">
          <CustomerStatusBadge status={customerStatus(customer.documents)} />
        </Field>
        <Field label="Last Active">{formatDay(customer.lastActive) ?? "Never"}</Field>
      </dl>
    </Card>
  );
}

/** `wide` fields take the whole row on phones, where names and addresses need the room. */
function Field({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "col-span-2 min-w-0 sm:col-span-1" : "min-w-0"}>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}
