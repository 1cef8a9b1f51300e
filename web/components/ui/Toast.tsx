// The app's one toast queue and `toast()`. What draws the toasts (ToastRegion.tsx) is loaded
// after the first screen, so a customer's phone does not wait for it before the portal paints.
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";

export interface ToastMessage {
  title: string;
  description?: string;
  /** "error" for failures (SPEC: toasts are destructive unless noted). */
  variant?: "default" | "success" | "error";
}

export const DEFAULT_TOAST_MS = 5000;

/** The close button's name on every toast: the customer portal sets it in the page's language. */
export const toastLabels = { close: "Close" };

// One queue for the whole app (SPEC section 9: at most one toast at a time).
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 1 });

/** Shows a toast, replacing any toast still on screen so old ones never resurface. */
export function toast(message: ToastMessage, timeout: number = DEFAULT_TOAST_MS): string {
  for (const visible of toastQueue.visibleToasts) toastQueue.close(visible.key);
  return toastQueue.add(message, { timeout });
}
