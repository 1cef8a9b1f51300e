import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { displayName } from "@shared/user-display";
import { ErrorNote } from "../../components/ErrorNote";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { Select } from "../../components/ui/Select";
import { toast } from "../../components/ui/Toast";
import { useRemoveMemberMutation, type Member } from "./api";
import { customersCount, memberOptions, teamMessages } from "./team-texts";

/**
 * Removing a member: the owner must say who takes over their customers (reassignTo); the server
 * moves them, ends the membership and signs the member out, in one transaction.
 */
export function RemoveMemberDialog({ member, members, myId, onClose }: { member: Member | null; members: readonly Member[]; myId: string; onClose: () => void }) {
  return (
    <ModalDialog title="Remove member" isOpen={member !== null} onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {(close) => (member ? <RemoveMemberForm member={member} others={members.filter((m) => m.id !== member.id)} myId={myId} onDone={close} /> : null)}
    </ModalDialog>
  );
}

function RemoveMemberForm({ member, others, myId, onDone }: { member: Member; others: Member[]; myId: string; onDone: () => void }) {
  const remove = useRemoveMemberMutation();
  const [takeover, setTakeover] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const name = displayName(member);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = others.find((m) => m.id === takeover);
    if (!to) return setError(teamMessages.chooseTakeover);
    remove.mutate(
      { memberId: member.id, reassignTo: to.id },
      {
        onSuccess: ({ moved }) => {
          toast({ title: "Member removed", description: `${name} was removed. ${customersCount(moved)} went to ${displayName(to)}.`, variant: "success" });
          onDone();
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-slate-700">
        <strong className="break-words">{name}</strong> (<span className="break-all">{member.email}</span>) is signed out at once and can no longer open the
        workspace. Their customers go to the member you choose.
      </p>
      <Select
        label="Who takes over their customers"
        isRequired
        placeholder="Choose a member"
        selectedKey={takeover}
        options={memberOptions(others, myId)}
        onSelectionChange={(id) => {
          setTakeover(id);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <ErrorNote error={remove.error} fallback="The member could not be removed. Please try again." />
      <DialogActions onCancel={onDone} submitLabel="Remove member" pendingLabel="Removing..." isPending={remove.isPending} tone="danger" />
    </Form>
  );
}
