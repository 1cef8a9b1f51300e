import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { BROKER_PASSWORD_MIN, isValidEmail, MAX_NAME_LENGTH, messages } from "@shared/validation";
import { EmailCodeField, emailCodeError } from "../../components/EmailCodeField";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { useSignUpMutation, type AuthResponse, type CodeRequired, type SignUpInput } from "./api";
import { pathAfterSignIn } from "./pending-action";
import { SecondFactorForm } from "./SecondFactorForm";
import { usePasswordSignIn, useOidcSettings, type SecondFactorChallenge } from "./sign-in-options-api";
import { OrDivider, SsoSignInButton } from "./SsoSignIn";
import { ErrorNote } from "../../components/ErrorNote";

export type AuthMode = "signin" | "signup";

interface SignInModalProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Broker sign-in and account creation in one dialog. */
export function SignInModal({ mode, onModeChange, isOpen, onOpenChange }: SignInModalProps) {
  return (
    <ModalDialog
      title={mode === "signin" ? "Broker sign in" : "Create your broker account"}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      {(close) => <AuthForm key={mode} mode={mode} onModeChange={onModeChange} onDone={close} />}
    </ModalDialog>
  );
}

type FieldErrors = Partial<Record<"email" | "password" | "confirmPassword", string>>;

function validate(mode: AuthMode, values: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  if (!isValidEmail((values.email ?? "").trim())) errors.email = messages.invalidEmail;
  const password = values.password ?? "";
  if (mode === "signin") {
    if (!password) errors.password = messages.passwordRequired;
    return errors;
  }
  if (password.length < BROKER_PASSWORD_MIN) errors.password = messages.passwordTooShort;
  if (!values.confirmPassword) errors.confirmPassword = messages.confirmPassword;
  else if (values.confirmPassword !== password) errors.confirmPassword = messages.passwordsDontMatch;
  return errors;
}

/** No answer, or the server failing (5xx): the sign-in service is unavailable (SPEC 8). */
const isUnavailable = (error: Error) => !(error instanceof ApiError) || error.status >= 500;
const toastIfUnavailable = (error: Error) => {
  if (isUnavailable(error)) toast({ title: "Service Temporarily Unavailable", description: "Please try again in a moment.", variant: "error" });
};

function AuthForm({ mode, onModeChange, onDone }: { mode: AuthMode; onModeChange: (m: AuthMode) => void; onDone: () => void }) {
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  // After sign-up's first step: what was sent, kept to send again with the emailed code.
  const [awaitingCode, setAwaitingCode] = useState<{ input: SignUpInput; message: string } | null>(null);
  const [forgotPassword, setForgotPassword] = useState(false);
  // After a right password on an account with two-factor on: the second step's challenge.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const oidc = useOidcSettings().data;
  const signIn = usePasswordSignIn();
  const signUp = useSignUpMutation();
  const navigate = useNavigate();
  const mutation = mode === "signin" ? signIn : signUp;

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const finish = (title: string) => {
    // Read the pending action before closing: closing the dialog unsigned discards it.
    const path = pathAfterSignIn();
    toast({ title, variant: "success" });
    onDone();
    navigate(path);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(mode, values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const email = values.email.trim();
    if (mode === "signin") {
      signIn.mutate(
        { email, password: values.password },
        {
          onSuccess: (result) => ("user" in result ? finish("Welcome back!") : setChallenge(result)),
          onError: toastIfUnavailable,
        },
      );
    } else {
      const input = {
        email,
        password: values.password,
        firstName: values.firstName.trim() || undefined,
        lastName: values.lastName.trim() || undefined,
      };
      signUp.mutate(input, {
        // The portal's first broker is created at once; everyone else proves the email first.
        onSuccess: (result) => ("user" in result ? finish("Account Created!") : setAwaitingCode({ input, message: result.message })),
        onError: toastIfUnavailable,
      });
    }
  };

  if (mode === "signup" && awaitingCode) {
    return (
      <SignUpCodeForm
        input={awaitingCode.input}
        sentMessage={awaitingCode.message}
        onBack={() => setAwaitingCode(null)}
        onCreated={() => finish("Account Created!")}
      />
    );
  }

  if (mode === "signin" && forgotPassword) return <ForgotPasswordForm initialEmail={values.email} onBack={() => setForgotPassword(false)} />;
  if (mode === "signin" && challenge) {
    return (
      <SecondFactorForm
        challenge={challenge}
        onSignedIn={() => finish("Welcome back!")}
        onStartOver={() => {
          setChallenge(null);
          signIn.reset();
        }}
      />
    );
  }

  const provider = oidc?.enabled && oidc.providerName ? <SsoSignInButton providerName={oidc.providerName} /> : null;
  // OIDC_ONLY: the provider is the only way in, for new brokers too (their first sign-in creates the account).
  if (provider && oidc?.passwordSignIn === false) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {mode === "signin" ? "Brokers sign in" : "Broker accounts are created"} with {oidc.providerName} on this portal.
        </p>
        {provider}
      </div>
    );
  }

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      {provider ? (
        <>
          {provider}
          <OrDivider />
        </>
      ) : null}
      {mode === "signup" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" name="firstName" autoComplete="given-name" maxLength={MAX_NAME_LENGTH} value={values.firstName} onChange={set("firstName")} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" maxLength={MAX_NAME_LENGTH} value={values.lastName} onChange={set("lastName")} />
        </div>
      ) : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        isRequired
        autoFocus
        value={values.email}
        onChange={set("email")}
        errorMessage={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete={mode === "signin" ? "current-password" : "new-password"}
        isRequired
        description={mode === "signup" ? `At least ${BROKER_PASSWORD_MIN} characters` : undefined}
        value={values.password}
        onChange={set("password")}
        errorMessage={errors.password}
      />
      {mode === "signup" ? (
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          isRequired
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          errorMessage={errors.confirmPassword}
        />
      ) : null}

      {mode === "signin" ? (
        <Button variant="link" size="sm" className="self-start" onPress={() => setForgotPassword(true)}>
          Forgot password?
        </Button>
      ) : null}
      <ErrorNote error={mutation.error} />

      <Button type="submit" isPending={mutation.isPending} className="w-full">
        {mode === "signin"
          ? mutation.isPending ? "Signing in..." : "Sign in"
          : mutation.isPending ? "Creating account..." : "Create account"}
      </Button>

      <p className="text-center text-sm text-slate-600">
        {mode === "signin" ? "New to the portal?" : "Already have an account?"}{" "}
        <Button
          variant="link"
          size="sm"
          onPress={() => onModeChange(mode === "signin" ? "signup" : "signin")}
        >
          {mode === "signin" ? "Create account" : "Sign in"}
        </Button>
      </p>
    </Form>
  );
}

/** Sign-up's second step: the code emailed to the address, sent with the same details. */
function SignUpCodeForm({ input, sentMessage, onBack, onCreated }: {
  input: SignUpInput;
  sentMessage: string;
  onBack: () => void;
  onCreated: () => void;
}) {
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [notice, setNotice] = useState(sentMessage);
  const verify = useSignUpMutation();
  const resend = useSignUpMutation();

  const settle = (result: AuthResponse | CodeRequired, resent: boolean) => {
    if ("user" in result) onCreated();
    else if (resent) setNotice(`We sent a new code to ${input.email}.`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailCodeError(code);
    setCodeError(problem);
    if (problem) return;
    resend.reset();
    verify.mutate({ ...input, code }, { onSuccess: (result) => settle(result, false) });
  };

  const sendNewCode = () => {
    verify.reset();
    setCode("");
    setCodeError(undefined);
    resend.mutate(input, { onSuccess: (result) => settle(result, true) });
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800">
        {notice}
      </p>
      <EmailCodeField
        description="The code expires 15 minutes after it was sent."
        value={code}
        onChange={(digits) => {
          setCode(digits);
          setCodeError(undefined);
        }}
        errorMessage={codeError}
      />

      <ErrorNote error={verify.error ?? resend.error} />

      <Button type="submit" isPending={verify.isPending} className="w-full">
        {verify.isPending ? "Creating account..." : "Verify and create account"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="link" size="sm" onPress={sendNewCode} isPending={resend.isPending}>
          Send a new code
        </Button>
        <Button variant="link" size="sm" onPress={onBack}>
          Use a different email
        </Button>
      </div>
    </Form>
  );
}
