// SPEC 8: every subscription toast, word for word, in one place.
import type { ToastMessage } from "../../components/ui/Toast";

export const subscriptionToasts = {
  creationFailed: (message: string): ToastMessage => ({ title: "Subscription Creation Failed", description: message, variant: "error" }),
  noClientSecret: { title: "No client secret received from server", variant: "error" } satisfies ToastMessage,
  paymentFailed: (message: string): ToastMessage => ({ title: "Payment Failed", description: message, variant: "error" }),
  paymentError: { title: "Payment Error", description: "An unexpected error occurred. Please try again.", variant: "error" } satisfies ToastMessage,
  activationFailed: { title: "Payment completed but subscription activation failed. Please contact support.", variant: "error" } satisfies ToastMessage,
  authenticationRequired: { title: "Authentication Required", description: "Please sign in to subscribe to a plan.", variant: "error" } satisfies ToastMessage,
  /** Default-styled (SPEC 8). */
  signInRequired: { title: "Sign in Required", description: "Please sign in to subscribe to a plan.", variant: "default" } satisfies ToastMessage,
  canceled: (message: string): ToastMessage => ({ title: "Subscription Canceled", description: message, variant: "success" }),
  cancelFailed: (message: string | null): ToastMessage => ({ title: message || "Failed to cancel subscription", variant: "error" }),
};

/** SPEC 4 / 9: after payment, go to the dashboard after 500 ms; the first cache refresh after 1 s. */
export const POST_PAYMENT_REDIRECT_MS = 500;
export const POST_PAYMENT_INVALIDATE_MS = 1000;
