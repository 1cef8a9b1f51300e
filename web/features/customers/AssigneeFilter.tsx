import { displayName } from "@shared/user-display";
import { Select } from "../../components/ui/Select";
import type { WorkspaceMember } from "./use-team";

/** "all" (everyone's customers), "me", or a member's id: the value of All Customers' ?assignee=. */
export type AssigneeChoice = string;
export const EVERYONE = "all";

/**
 * "Mine / All / a member" on All Customers (a team only). The members are those the broker may
 * list (owners and brokers); an assistant chooses between their own and all they see.
 */
export function AssigneeFilter({
  value,
  onChange,
  members,
  me,
  className,
}: {
  value: AssigneeChoice;
  onChange: (value: AssigneeChoice) => void;
  members: WorkspaceMember[];
  me: string | null;
  className?: string;
}) {
  const others = members.filter((member) => member.id !== me).map((member) => ({ id: member.id, label: displayName(member) }));
  return (
    <Select
      label="Filter by assignee"
      hideLabel
      selectedKey={value}
      onSelectionChange={onChange}
      options={[{ id: EVERYONE, label: "All assignees" }, { id: "me", label: "Mine" }, ...others]}
      className={className}
    />
  );
}
