// The customer sign-in dialog's steps and what each step component is given: apart from
// SignInDialog.tsx, which renders the steps, so the steps need not import it back.
export type SignInStep = "email-check" | "signin" | "signup" | "forgot-password";

export interface StepProps {
  link: string;
  email: string;
  goTo: (step: SignInStep, email?: string) => void;
  /** Closes the dialog as a guest (SPEC: toast "Continuing as guest"). */
  continueAsGuest: () => void;
  /** Closes the dialog after a successful sign-in or sign-up. */
  done: () => void;
}
