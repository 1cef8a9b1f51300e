import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useSignInMutation, useSignUpMutation } from "./api";
import { pathAfterSignIn } from "./pending-action";

export type AuthMode = "signin" | "signup";

export const MIN_BROKER_PASSWORD = 8;

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
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email ?? "")) {
    errors.email = "Please enter a valid email address";
  }
  const password = values.password ?? "";
  if (mode === "signin") {
    if (!password) errors.password = "Password is required";
    return errors;
  }
  if (password.length < MIN_BROKER_PASSWORD) {
    errors.password = `Password must be at least ${MIN_BROKER_PASSWORD} characters`;
  }
  if (!values.confirmPassword) errors.confirmPassword = "Please confirm your password";
  else if (values.confirmPassword !== password) errors.confirmPassword = "Passwords don't match";
  return errors;
}

function serverMessage(error: Error): string {
  // A network failure never reached our server: say so instead of "Failed to fetch".
  if (!(error instanceof ApiError)) return "Service Temporarily Unavailable. Please try again.";
  return error.message;
}

function AuthForm({ mode, onModeChange, onDone }: { mode: AuthMode; onModeChange: (m: AuthMode) => void; onDone: () => void }) {
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const signIn = useSignInMutation();
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
      signIn.mutate({ email, password: values.password }, { onSuccess: () => finish("Welcome back!") });
    } else {
      signUp.mutate(
        {
          email,
          password: values.password,
          firstName: values.firstName.trim() || undefined,
          lastName: values.lastName.trim() || undefined,
        },
        { onSuccess: () => finish("Account Created!") },
      );
    }
  };

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
      {mode === "signup" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" name="firstName" autoComplete="given-name" value={values.firstName} onChange={set("firstName")} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" value={values.lastName} onChange={set("lastName")} />
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
        description={mode === "signup" ? `At least ${MIN_BROKER_PASSWORD} characters` : undefined}
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

      {mutation.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {serverMessage(mutation.error)}
        </p>
      ) : null}

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
