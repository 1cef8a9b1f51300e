import { useState } from "react";
import type { CustomerDto } from "@shared/api-types";
import { displayName } from "@shared/user-display";
import { seesEveryCustomer } from "@shared/workspaces";
import { Button } from "../../components/ui/Button";
import { DetailField } from "../../components/ui/Card";
import { Checkbox } from "../../components/ui/Checkbox";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { ErrorNote } from "../../components/ErrorNote";
import { toast } from "../../components/ui/Toast";
import { useCachedWorkspaceQuery } from "../workspaces/api";
import { useSetWatchersMutation } from "./api";
import { useTeam, type WorkspaceMember } from "./use-team";

type Customer = Pick<CustomerDto, "id" | "name" | "assigneeId" | "watcherIds">;

/**
 * The customer page's "Watching": colleagues told of this customer as the assignee is (uploads,
 * answers, a colleague's review). Shown in a team to those who read the member list (owners and
 * brokers); nothing for a solo broker. Only members who may see the customer are offered: in
 * "assigned only" mode that is the owners (src/shared/workspaces.ts, the server's rule).
 */
export function WatchersField({ customer }: { customer: Customer }) {
  const team = useTeam();
  const workspace = useCachedWorkspaceQuery({ enabled: team.isTeam && team.members.length > 0 });
  const [open, setOpen] = useState(false);
  if (!team.isTeam || team.members.length === 0) return null;
  const names = customer.watcherIds.map((id) => displayName(team.members.find((m) => m.id === id) ?? null)).filter(Boolean);
  const visibility = workspace.data?.visibility ?? "all";
  const candidates = team.members.filter((m) => m.id !== customer.assigneeId && seesEveryCustomer({ role: m.role, visibility }));
  return (
    <div className="mt-4 flex flex-wrap items-end gap-x-4 gap-y-2">
      <dl className="min-w-0">
        <DetailField label="Watching">{names.length ? names.join(", ") : "Nobody else"}</DetailField>
      </dl>
      <Button variant="secondary" size="sm" onPress={() => setOpen(true)} isDisabled={!workspace.data}>
        Change watchers
      </Button>
      {open && <WatchersDialog customer={customer} candidates={candidates} me={team.me} onClose={() => setOpen(false)} />}
    </div>
  );
}

function WatchersDialog({ customer, candidates, me, onClose }: { customer: Customer; candidates: WorkspaceMember[]; me: string | null; onClose: () => void }) {
  const [chosen, setChosen] = useState(() => new Set(customer.watcherIds));
  const save = useSetWatchersMutation(customer.id);
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = () =>
    save.mutate([...chosen].filter((id) => candidates.some((m) => m.id === id)), {
      onSuccess: () => {
        toast({ title: `Watchers of ${customer.name} saved`, variant: "success" });
        onClose();
      },
    });
  return (
    <ModalDialog title="Who watches this customer" isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable={false}>
      <p className="text-sm text-slate-700">Watchers are told of {customer.name}'s uploads and answers, as the assignee is.</p>
      {candidates.length === 0 ? (
        <p className="mt-4 text-slate-700">No other member may see this customer: in "assigned only" mode only owners see every customer.</p>
      ) : (
        <div role="group" aria-label="Watchers" className="mt-4 flex flex-col">
          {candidates.map((member) => (
            <Checkbox key={member.id} isSelected={chosen.has(member.id)} onChange={(on) => toggle(member.id, on)}>
              {member.id === me ? `${displayName(member)} (you)` : displayName(member)}
            </Checkbox>
          ))}
        </div>
      )}
      <ErrorNote error={save.error} fallback="Failed to save the watchers." />
      <DialogActions onCancel={onClose} onSubmit={submit} submitLabel="Save watchers" pendingLabel="Saving..." isPending={save.isPending} />
    </ModalDialog>
  );
}
