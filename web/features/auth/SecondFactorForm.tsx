import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { isRecoveryCode, isTotpCode, twoFactorMessages } from "@shared/two-factor";
import { useVerifySecondFactor, type SecondFactorChallenge } from "./sign-in-options-api";
import { ErrorNote } from "../../components/ErrorNote";

/**
 * Sign-in's second step, after a right password: the code from the authenticator app, or one of
 * the recovery codes. A session is opened only by this step.
 */
export function SecondFactorForm({ challenge, onSignedIn, onStartOver }: {
  challenge: SecondFactorChallenge;
  onSignedIn: () => void;
  /** The challenge expired: back to the password. */
  onStartOver: () => void;
}) {
  const [code, setCode] = useState("");
  const [useRecovery, setUseRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const verify = useVerifySecondFactor();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = useRecovery ? isRecoveryCode(code) : isTotpCode(code);
    const problem = valid ? undefined : useRecovery ? "Enter one of your recovery codes, such as abcde-fghij" : twoFactorMessages.setupCodeFormat;
    setFieldError(problem);
    if (problem) return;
    verify.mutate({ challenge: challenge.challenge, code }, { onSuccess: onSignedIn });
  };

  const expired = verify.error && errorText(verify.error) === twoFactorMessages.challengeExpired;

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800">
        {useRecovery ? "Enter one of the recovery codes you saved when you set up two-factor authentication." : challenge.message}
      </p>
      <TextField
        key={useRecovery ? "recovery" : "totp"}
        label={useRecovery ? "Recovery code" : "Authentication code"}
        name="code"
        autoComplete="one-time-code"
        inputMode={useRecovery ? "text" : "numeric"}
        isRequired
        autoFocus
        value={code}
        onChange={(typed) => {
          setCode(useRecovery ? typed : typed.replace(/\D/g, ""));
          setFieldError(undefined);
        }}
        errorMessage={fieldError}
      />
      <ErrorNote error={verify.error} />
      <Button type="submit" isPending={verify.isPending} className="w-full">
        {verify.isPending ? "Checking..." : "Verify and sign in"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="link"
          size="sm"
          onPress={() => {
            setUseRecovery((current) => !current);
            setCode("");
            setFieldError(undefined);
            verify.reset();
          }}
        >
          {useRecovery ? "Use the authenticator app" : "Use a recovery code"}
        </Button>
        {expired ? (
          <Button variant="link" size="sm" onPress={onStartOver}>
            Sign in again
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
