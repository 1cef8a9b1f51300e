import { useId, type ReactNode } from "react";
import { cx } from "./cx";

/** A titled white panel; the title is a real heading so screen-reader users can jump between cards. */
export function Card({
  title,
  icon,
  action,
  children,
  className,
}: {
  title: string;
  /** Decorative icon before the title. */
  icon?: ReactNode;
  /** Sits beside the title (a count badge, a button). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cx("min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6", className)}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          {icon ? (
            <span aria-hidden="true" className="inline-flex text-brand-600 [&_svg]:size-5">
              {icon}
            </span>
          ) : null}
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** One label/value pair inside a <dl>. */
export function DetailField({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cx("min-w-0", className)}>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}
