import type { ReactNode } from "react";
import { usePageTitle } from "./use-page-title";

/** A titled screen whose content arrives in a later build. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        {children ?? <p>This screen is coming soon in this build.</p>}
      </div>
    </section>
  );
}
