import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { useNavigate, useParams } from "react-router";
import { BROKER_PASSWORD_MIN, messages } from "@shared/validation";
import { ApiError, errorText } from "../../api/client";
import { Button, LinkButton } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { ErrorNote } from "../../components/ErrorNote";
import { SecondFactorForm } from "../auth/SecondFactorForm";
import type { SecondFactorChallenge } from "../auth/sign-in-options-api";
import { useInvitationQuery, useJoinMutation } from "./api";

/**
 * Where a workspace invitation's emailed link lands (/join/{token}): who is invited to which
 * workspace, then a name and a password make the account, signed in, on the dashboard. A link
 * that no longer works says so before any form. A returning account with two-factor on (a removed
 * member invited again) finishes with its second factor: the link alone never opens a session.
 */
export function JoinScreen() {
  const token = useParams().token ?? "";
  const navigate = useNavigate();
  const invitation = useInvitationQuery(token);
  const join = useJoinMutation();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string>();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const toDashboard = () => navigate("/dashboard", { replace: true });
  const refused = invitation.error instanceof ApiError && invitation.error.status < 500 ? invitation.error : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tooShort = password.length < BROKER_PASSWORD_MIN ? messages.passwordTooShort : undefined;
    setPasswordError(tooShort);
    if (tooShort) return;
    join.mutate(
      { token, password, firstName: firstName || undefined, lastName: lastName || undefined },
      { onSuccess: (result) => ("twoFactorRequired" in result ? setChallenge(result) : toDashboard()) },
    );
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Join your team</h1>
        {challenge ? (
          <div className="mt-4">
            <SecondFactorForm
              challenge={challenge}
              onSignedIn={toDashboard}
              // The invitation is already accepted (the password is set): the way back is sign-in.
              onStartOver={() => navigate("/", { replace: true })}
            />
          </div>
        ) : invitation.isPending ? (
          <Spinner label="Checking the invitation" className="mt-6 w-full" />
        ) : refused || !invitation.data ? (
          <div className="mt-4 flex flex-col gap-4">
            <p role="alert" className="text-slate-700">
              {errorText(refused ?? invitation.error, "This invitation link is invalid, expired or already used.")}
            </p>
            <LinkButton href="/" variant="primary">
              Go to sign in
            </LinkButton>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              You are invited to join <strong>{invitation.data.workspaceName}</strong> as {invitation.data.role === "assistant" ? "an assistant" : `a ${invitation.data.role}`}, signing in as{" "}
              <strong className="break-all">{invitation.data.email}</strong>.
            </p>
            <Form onSubmit={onSubmit} validationBehavior="aria" className="mt-4 flex flex-col gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="First name" autoComplete="given-name" autoFocus value={firstName} onChange={setFirstName} />
                <TextField label="Last name" autoComplete="family-name" value={lastName} onChange={setLastName} />
              </div>
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                isRequired
                description={`At least ${BROKER_PASSWORD_MIN} characters`}
                value={password}
                onChange={setPassword}
                errorMessage={passwordError}
              />
              <ErrorNote error={join.error} fallback="Joining failed." />
              <Button type="submit" isPending={join.isPending} className="w-full">
                {join.isPending ? "Creating your account..." : "Create account and join"}
              </Button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
