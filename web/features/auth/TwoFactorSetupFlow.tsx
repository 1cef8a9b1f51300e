import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { isTotpCode, twoFactorMessages } from "@shared/two-factor";
import { useBeginTwoFactorSetup, useConfirmTwoFactor, type TwoFactorSetup } from "./sign-in-options-api";
import { ErrorNote } from "../../components/ErrorNote";

/** The base32 key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Setting up the authenticator: a new key as a QR code and as text, confirmed with the app's
 * first code; then the recovery codes, shown this once. `onDone` runs when the broker has them;
 * the caller refetches the status then.
 */
export function TwoFactorSetupFlow({ userId, onDone }: { userId: string; onDone: () => void }) {
  const begin = useBeginTwoFactorSetup(userId);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodesPanel codes={recoveryCodes} onDone={onDone} />;
  if (setup) return <ConfirmSetup setup={setup} onConfirmed={setRecoveryCodes} />;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        Use an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy …). After your password, sign-in
        will ask for the 6-digit code it shows.
      </p>
      <ErrorNote error={begin.error} />
      <Button className="self-start" isPending={begin.isPending} onPress={() => begin.mutate(undefined, { onSuccess: setSetup })}>
        Set up authenticator app
      </Button>
    </div>
  );
}

function ConfirmSetup({ setup, onConfirmed }: { setup: TwoFactorSetup; onConfirmed: (codes: string[]) => void }) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = isTotpCode(code) ? undefined : twoFactorMessages.setupCodeFormat;
    setFieldError(problem);
    if (!problem) confirm.mutate(code, { onSuccess: (result) => onConfirmed(result.recoveryCodes) });
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with your authenticator app.</li>
        <li>Or type the key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white"
        />
        <div className="min-w-0">
          <p className="text-sm text-slate-500">Key</p>
          <code data-testid="totp-secret" className="block font-mono text-sm font-semibold break-all text-slate-900 select-all">
            {grouped(setup.secret)}
          </code>
        </div>
      </div>
      <TextField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        isRequired
        value={code}
        onChange={(typed) => {
          setCode(typed.replace(/\D/g, ""));
          setFieldError(undefined);
        }}
        errorMessage={fieldError}
      />
      <ErrorNote error={confirm.error} />
      <Button type="submit" className="self-start" isPending={confirm.isPending}>
        {confirm.isPending ? "Checking..." : "Turn on two-factor"}
      </Button>
    </Form>
  );
}

/** The recovery codes, this once: to copy, download or write down. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Broker Portal recovery codes\nEach code signs you in once if you lose your authenticator.\n\n${codes.join("\n")}\n`;
  const [copied, setCopied] = useState(false);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: "broker-portal-recovery-codes.txt" });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Two-factor authentication is on. Save these recovery codes somewhere safe: each one signs you in once if you lose your
        phone. They will not be shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onPress={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy codes"}
        </Button>
        <Button variant="secondary" size="sm" onPress={download}>
          Download codes
        </Button>
        <Button size="sm" onPress={onDone}>
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}
