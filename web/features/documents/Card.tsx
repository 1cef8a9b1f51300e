import { useId, type ReactNode } from "react";
import { cx } from "../../components/ui/cx";

/** A titled white panel; the title is a real heading so screen-reader users can jump between cards. */
export function Card({
  title,
  action,
  children,
  className,
}: {
  title: string;
  /** Sits beside the title (a count badge, a button). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cx("rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6", className)}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
