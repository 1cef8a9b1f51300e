import { Button } from "./Button";
import { cx } from "./cx";

/**
 * The classes of the row of buttons at a dialog's foot: stacked on phones in the order Tab
 * reaches them, never reversed (drawn the other way round, a customer who typed a reason, pressed
 * Tab to the button below it and Space, cancelled and lost it); a row on the right from sm up.
 */
export function dialogFooterClass(extra?: string | false, gap = "gap-2"): string {
  return cx("flex flex-col sm:flex-row sm:justify-end", gap, extra);
}

/**
 * Cancel and submit at the foot of a form dialog (dialogFooterClass), Cancel first. Inside a
 * <form> the submit button submits it; dialogs without a form pass `onSubmit` instead.
 */
export function DialogActions({
  onCancel,
  onSubmit,
  submitLabel,
  pendingLabel,
  isPending,
  isDisabled,
  tone = "primary",
  divided,
  cancelLabel = "Cancel",
}: {
  /** The portal's, in the customer's language. */
  cancelLabel?: string;
  onCancel: () => void;
  onSubmit?: () => void;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  isDisabled?: boolean;
  tone?: "primary" | "danger";
  /** A rule above the buttons, for long forms whose end would otherwise blur into the fields. */
  divided?: boolean;
}) {
  return (
    <div className={dialogFooterClass(divided ? "border-t border-slate-200 pt-4" : "mt-6")}>
      <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
        {cancelLabel}
      </Button>
      <Button type={onSubmit ? "button" : "submit"} onPress={onSubmit} variant={tone} isPending={isPending} isDisabled={isDisabled}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
