import type { ReactNode } from "react";
import { Checkbox as AriaCheckbox } from "react-aria-components";
import { Check } from "lucide-react";
import { cx } from "./cx";

export interface CheckboxProps {
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
  children: ReactNode;
  /** A second, quieter line under the label (e.g. a document's description). */
  description?: ReactNode;
  className?: string;
}

/** A labelled checkbox whose whole row is a 44px touch target. */
export function Checkbox({ isSelected, onChange, isDisabled, children, description, className }: CheckboxProps) {
  return (
    <AriaCheckbox
      isSelected={isSelected}
      onChange={onChange}
      isDisabled={isDisabled}
      className={cx(
        "group flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 outline-none",
        "data-hovered:bg-slate-50 data-disabled:cursor-not-allowed data-disabled:opacity-50",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border-2 border-slate-400 bg-white",
          "text-white transition-colors group-data-selected:border-brand-600 group-data-selected:bg-brand-600",
          "group-data-focus-visible:ring-2 group-data-focus-visible:ring-brand-500 group-data-focus-visible:ring-offset-2",
        )}
      >
        <Check className="hidden size-3.5 group-data-selected:block" strokeWidth={3} />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-base text-slate-900">{children}</span>
        {description ? <span className="text-sm text-slate-500">{description}</span> : null}
      </span>
    </AriaCheckbox>
  );
}
