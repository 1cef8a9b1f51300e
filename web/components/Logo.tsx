import { FileCheck2 } from "lucide-react";
import { Link } from "react-router";

export const PRODUCT_NAME = "Broker Portal";

/** The product mark, linking home. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg font-semibold whitespace-nowrap text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">
        <FileCheck2 aria-hidden="true" className="size-5" />
      </span>
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>{PRODUCT_NAME}</span>
    </Link>
  );
}
