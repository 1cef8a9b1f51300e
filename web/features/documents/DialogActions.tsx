import { Button } from "../../components/ui/Button";

/** Cancel and submit buttons at the foot of a form dialog; stacked on phones, primary on top. */
export function DialogActions({
  onCancel,
  submitLabel,
  pendingLabel,
  isPending,
  isDisabled,
  tone = "primary",
}: {
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  isDisabled?: boolean;
  tone?: "primary" | "danger";
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
        Cancel
      </Button>
      <Button type="submit" variant={tone} isPending={isPending} isDisabled={isDisabled}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
