import type { ReactNode } from "react";
import { cx } from "./cx";

/** A friendly message for a list with nothing to show. */
export function EmptyState({
  title,
  children,
  icon,
  className,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx("flex flex-col items-center gap-2 px-4 py-10 text-center", className)}>
      {icon ? (
        <div aria-hidden="true" className="mb-1 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 [&_svg]:size-6">
          {icon}
        </div>
      ) : null}
      <p className="text-base font-medium text-slate-900">{title}</p>
      {children ? <div className="max-w-md text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
