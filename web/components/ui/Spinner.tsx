import { Loader2 } from "lucide-react";
import { cx } from "./cx";

/** A spinner that screen readers announce by its label. */
export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-label={label} className={cx("inline-flex items-center justify-center", className)}>
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-brand-600" />
    </div>
  );
}

/** Shown while the app does not yet know who is signed in. */
export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
