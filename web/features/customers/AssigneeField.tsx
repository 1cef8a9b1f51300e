import type { CustomerDto } from "@shared/api-types";
import { displayName } from "@shared/user-display";
import { errorText } from "../../api/client";
import { DetailField } from "../../components/ui/Card";
import { Select } from "../../components/ui/Select";
import { toast } from "../../components/ui/Toast";
import { useAssignCustomerMutation } from "./api";
import { useTeam } from "./use-team";

/**
 * The customer page's "Assigned To": the member responsible for the customer, changeable by those
 * who may assign (owners and brokers) among the workspace's members. Nothing for a solo broker.
 */
export function AssigneeField({ customer }: { customer: Pick<CustomerDto, "id" | "name" | "assigneeId" | "assignee"> }) {
  const team = useTeam();
  const assign = useAssignCustomerMutation(customer.id);
  if (!team.isTeam) return null;
  const current = displayName(customer.assignee);
  if (!team.mayAssign || team.members.length === 0) {
    return (
      <dl className="mt-4">
        <DetailField label="Assigned To">{current}</DetailField>
      </dl>
    );
  }
  // The assignee is always among the choices, even if the member list is older than the customer.
  const options = team.members.some((m) => m.id === customer.assigneeId) ? team.members : [customer.assignee, ...team.members];
  return (
    <div className="mt-4 sm:max-w-xs">
      <Select
        label="Assigned To"
        selectedKey={customer.assigneeId}
        isDisabled={assign.isPending}
        options={options.map((member) => ({ id: member.id, label: member.id === team.me ? `${displayName(member)} (you)` : displayName(member) }))}
        onSelectionChange={(memberId) => {
          if (memberId === customer.assigneeId) return;
          const to = options.find((m) => m.id === memberId);
          assign.mutate(memberId, {
            onSuccess: () => toast({ title: `${customer.name} is now assigned to ${displayName(to)}`, variant: "success" }),
            // The server's message (not a member, not allowed), else this.
            onError: (error) => toast({ title: errorText(error, "Failed to change the assignee"), variant: "error" }),
          });
        }}
      />
    </div>
  );
}
