import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { ShieldCheck } from "lucide-react";
import { errorText } from "../../api/client";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { isRecoveryCode, isTotpCode, twoFactorMessages } from "@shared/two-factor";
import type { AuthUser } from "../auth/api";
import { useDisableTwoFactor, useNewRecoveryCodes, useTwoFactorStatus } from "../auth/sign-in-options-api";
import { RecoveryCodesPanel, TwoFactorSetupFlow } from "../auth/TwoFactorSetupFlow";
import { ErrorNote } from "../../components/ErrorNote";

type Action = "disable" | "new-codes" | null;

/** Profile: the broker's authenticator app, to set up, renew recovery codes for, or turn off. */
export function TwoFactorCard({ user }: { user: AuthUser }) {
  const status = useTwoFactorStatus(user.id);
  const [settingUp, setSettingUp] = useState(false);
  const [action, setAction] = useState<Action>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);

  if (status.isError || !status.data) {
    return (
      <Card title="Two-Factor Authentication" icon={<ShieldCheck />}>
        <p className="text-sm text-slate-600">{status.isError ? errorText(status.error, "Could not load two-factor settings.") : "Loading…"}</p>
      </Card>
    );
  }
  const { enabled, required, recoveryCodesLeft } = status.data;
  const badge = enabled ? <Badge tone="green">On</Badge> : <Badge tone={required ? "amber" : "neutral"}>{required ? "Required" : "Off"}</Badge>;

  return (
    <Card title="Two-Factor Authentication" icon={<ShieldCheck />} action={badge}>
      {freshCodes ? (
        <RecoveryCodesPanel codes={freshCodes} onDone={() => setFreshCodes(null)} />
      ) : settingUp ? (
        <TwoFactorSetupFlow
          userId={user.id}
          onDone={() => {
            setSettingUp(false);
            void status.refetch();
          }}
        />
      ) : !enabled ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">
            Protect your account with a code from an authenticator app on your phone, asked for after your password.
          </p>
          <Button className="self-start" onPress={() => setSettingUp(true)}>
            Set up two-factor
          </Button>
        </div>
      ) : action ? (
        <CodeConfirmation
          userId={user.id}
          action={action}
          onCancel={() => setAction(null)}
          onDone={(codes) => {
            setAction(null);
            if (codes) setFreshCodes(codes);
            else toast({ title: "Two-factor authentication is off", variant: "success" });
          }}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-600">
            Sign-in asks for a code from your authenticator app. Recovery codes left: <strong>{recoveryCodesLeft}</strong>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onPress={() => setAction("new-codes")}>
              New recovery codes
            </Button>
            {required ? null : (
              <Button variant="secondary" size="sm" onPress={() => setAction("disable")}>
                Turn off
              </Button>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}

/** Turning off, or renewing the recovery codes, is proven with a current code. */
function CodeConfirmation({ userId, action, onCancel, onDone }: {
  userId: string;
  action: Exclude<Action, null>;
  onCancel: () => void;
  onDone: (newCodes: string[] | null) => void;
}) {
  const disable = useDisableTwoFactor(userId);
  const renew = useNewRecoveryCodes(userId);
  const mutation = action === "disable" ? disable : renew;
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = isTotpCode(code) || (action === "disable" && isRecoveryCode(code));
    const problem = valid ? undefined : twoFactorMessages.setupCodeFormat;
    setFieldError(problem);
    if (problem) return;
    if (action === "disable") disable.mutate(code, { onSuccess: () => onDone(null) });
    else renew.mutate(code, { onSuccess: (result) => onDone(result.recoveryCodes) });
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-3">
      <TextField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        isRequired
        autoFocus
        description={action === "disable" ? "The code from your app, or a recovery code" : "The code from your app"}
        value={code}
        onChange={(typed) => {
          setCode(typed);
          setFieldError(undefined);
        }}
        errorMessage={fieldError}
      />
      <ErrorNote error={mutation.error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant={action === "disable" ? "danger" : "primary"} isPending={mutation.isPending}>
          {action === "disable" ? "Turn off two-factor" : "Show new recovery codes"}
        </Button>
        <Button size="sm" variant="ghost" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
