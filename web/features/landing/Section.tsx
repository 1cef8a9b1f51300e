import type { ReactNode } from "react";
import { cx } from "../../components/ui/cx";
import type { IconCopy } from "./content";

/** A landing page section with a centred heading. */
export function Section({
  id,
  title,
  intro,
  className,
  children,
}: {
  id?: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cx("px-4 py-16 sm:px-6 sm:py-20", className)}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
          {intro ? <p className="mt-3 text-lg text-slate-600">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** Icon, title and text in a card; used by several sections. */
export function IconCard({ icon: Icon, title, text }: IconCopy) {
  return (
    // Icon beside the text on phones keeps the long single-column page shorter.
    <div className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:block sm:p-6">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div>
        <h3 className="text-lg font-semibold text-slate-900 sm:mt-4">{title}</h3>
        <p className="mt-1 text-slate-600 sm:mt-2">{text}</p>
      </div>
    </div>
  );
}
