import { customerInitials } from "@shared/user-display";
import { cx } from "../../components/ui/cx";

/** A decorative initials circle; the customer's name is always written next to it. */
export function CustomerAvatar({ name, email, className }: { name: string; email: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800",
        className,
      )}
    >
      {customerInitials(name, email)}
    </span>
  );
}
