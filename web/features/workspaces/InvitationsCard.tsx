import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { MailPlus } from "lucide-react";
import { formatDay } from "@shared/format";
import { isValidEmail, messages } from "@shared/validation";
import { INVITATION_TTL_DAYS, type WorkspaceRole } from "@shared/workspaces";
import { errorText } from "../../api/client";
import { ErrorNote } from "../../components/ErrorNote";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Select } from "../../components/ui/Select";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useInvitationsQuery, useInviteMutation, useWithdrawInvitationMutation } from "./api";
import { roleLabels, roleOptions, roleSummaries } from "./roles";

/** The owner's invitations: a form to invite by email with a role, and those still waiting, each withdrawable. */
export function InvitationsCard() {
  return (
    <Card title="Invitations" icon={<MailPlus />}>
      <div className="flex flex-col gap-6">
        <InviteForm />
        <PendingInvitations />
      </div>
    </Card>
  );
}

function InviteForm() {
  const invite = useInviteMutation();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("broker");
  const [emailError, setEmailError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    const problem = isValidEmail(address) ? undefined : messages.invalidEmail;
    setEmailError(problem);
    if (problem) return;
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (sent) => {
          toast({ title: "Invitation sent", description: `${sent.email} has ${INVITATION_TTL_DAYS} days to accept it.`, variant: "success" });
          setEmail("");
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
      <p className="text-slate-600">The invited person gets an email with a link to join, valid for {INVITATION_TTL_DAYS} days.</p>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          isRequired
          value={email}
          onChange={(value) => {
            setEmail(value);
            setEmailError(undefined);
          }}
          errorMessage={emailError}
        />
        <Select label="Role" selectedKey={role} options={roleOptions} onSelectionChange={setRole} />
      </div>
      <p className="text-sm text-slate-600">
        <strong className="font-medium text-slate-800">{roleLabels[role]}:</strong> {roleSummaries[role]}
      </p>
      <ErrorNote error={invite.error} fallback="The invitation could not be sent. Please try again." />
      <Button type="submit" isPending={invite.isPending} className="self-start">
        {invite.isPending ? "Sending..." : "Send invitation"}
      </Button>
    </Form>
  );
}

function PendingInvitations() {
  const invitations = useInvitationsQuery();
  const withdraw = useWithdrawInvitationMutation();
  return (
    <section aria-labelledby="pending-invitations" className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 id="pending-invitations" className="font-semibold text-slate-900">
        Waiting to be accepted
      </h3>
      {invitations.isPending ? (
        <Spinner label="Loading invitations" className="w-full py-4" />
      ) : invitations.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(invitations.error, "The invitations could not be loaded. Please try again.")}
        </p>
      ) : invitations.data.length === 0 ? (
        <p className="text-slate-600">No invitations are waiting.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} aria-label={invitation.email} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-all text-slate-900">{invitation.email}</span>
                  <Badge>{roleLabels[invitation.role]}</Badge>
                </p>
                <p className="text-sm text-slate-600">Expires {formatDay(invitation.expiresAt)}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="self-start sm:self-center"
                aria-label={`Withdraw the invitation to ${invitation.email}`}
                isPending={withdraw.isPending && withdraw.variables === invitation.id}
                onPress={() =>
                  withdraw.mutate(invitation.id, {
                    onSuccess: () => toast({ title: "Invitation withdrawn", description: `The link sent to ${invitation.email} no longer works.`, variant: "success" }),
                    onError: (error) => toast({ title: "Error", description: errorText(error, "The invitation could not be withdrawn."), variant: "error" }),
                  })
                }
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
