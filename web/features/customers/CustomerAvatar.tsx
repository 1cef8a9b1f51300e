import { initials } from "@shared/user-display";
import { cx } from "../../components/ui/cx";

/** "Jane Q. Doe" → "JD"; without a name the e-mail's first two letters (same rule as the avatar menu). */
export function customerInitials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return initials({ firstName: words[0] ?? null, lastName: words.length > 1 ? words[words.length - 1] : null, email });
}

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
