import { useState } from "react";
import { UserMinus, Users } from "lucide-react";
import { displayName } from "@shared/user-display";
import type { WorkspaceRole } from "@shared/workspaces";
import { errorText } from "../../api/client";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Select } from "../../components/ui/Select";
import { Spinner } from "../../components/ui/Spinner";
import { toast } from "../../components/ui/Toast";
import { useMembersQuery, useSetRoleMutation, type Member } from "./api";
import { RemoveMemberDialog } from "./RemoveMemberDialog";
import { roleLabels, roleOptions } from "./roles";

/**
 * The workspace's members: name, email, role, the signed-in one marked. The owner changes roles
 * (the last owner's demotion is refused with the server's message) and removes members.
 */
export function MembersCard({ myId, isOwner }: { myId: string; isOwner: boolean }) {
  const members = useMembersQuery();
  const setRole = useSetRoleMutation();
  const [removing, setRemoving] = useState<Member | null>(null);

  const changeRole = (member: Member, role: WorkspaceRole) => {
    if (role === member.role) return;
    setRole.mutate(
      { memberId: member.id, role },
      {
        onSuccess: () => toast({ title: "Role changed", description: `${displayName(member)} is now ${roleLabels[role]}.`, variant: "success" }),
        onError: (error) => toast({ title: "Role not changed", description: errorText(error, "The role could not be changed. Please try again."), variant: "error" }),
      },
    );
  };
  // While a change is on its way the new role shows; a refusal puts the old one back.
  const shownRole = (member: Member) => (setRole.isPending && setRole.variables.memberId === member.id ? setRole.variables.role : member.role);

  return (
    <Card title="Members" icon={<Users />} action={members.data ? <Badge>{members.data.length}</Badge> : null}>
      {members.isPending ? (
        <Spinner label="Loading members" className="w-full py-8" />
      ) : members.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(members.error, "The members could not be loaded. Please try again.")}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {members.data.map((member) => {
            const name = displayName(member);
            const isMe = member.id === myId;
            return (
              <li key={member.id} aria-label={name} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span className="break-words">{name}</span>
                    {isMe ? <Badge tone="brand">You</Badge> : null}
                  </p>
                  <p className="text-sm break-all text-slate-600">{member.email}</p>
                </div>
                {isOwner ? (
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                    <Select
                      label={`Role of ${name}`}
                      hideLabel
                      className="sm:w-40"
                      selectedKey={shownRole(member)}
                      options={roleOptions}
                      isDisabled={setRole.isPending}
                      onSelectionChange={(role) => changeRole(member, role)}
                    />
                    {isMe ? null : (
                      <Button variant="secondary" onPress={() => setRemoving(member)} aria-label={`Remove ${name}`}>
                        <UserMinus aria-hidden="true" className="size-4" /> Remove
                      </Button>
                    )}
                  </div>
                ) : (
                  <Badge tone={member.role === "owner" ? "brand" : "neutral"} className="self-start sm:self-center">
                    {roleLabels[member.role]}
                  </Badge>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <RemoveMemberDialog member={removing} members={members.data ?? []} myId={myId} onClose={() => setRemoving(null)} />
    </Card>
  );
}
