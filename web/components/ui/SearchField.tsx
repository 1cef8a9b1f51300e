import { Button as AriaButton, Input, SearchField as AriaSearchField } from "react-aria-components";
import { Search, X } from "lucide-react";
import { cx } from "./cx";
import { FieldLabel } from "./Field";

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Hides the label visually; screen readers still read it. */
  hideLabel?: boolean;
  className?: string;
}

/** A search box with a clear button; Escape also clears it. */
export function SearchField({ label, value, onChange, placeholder, hideLabel = true, className }: SearchFieldProps) {
  return (
    <AriaSearchField value={value} onChange={onChange} className={cx("group flex flex-col gap-1.5", className)}>
      <FieldLabel label={label} hideLabel={hideLabel} />
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <Input
          placeholder={placeholder}
          className={cx(
            "min-h-11 w-full rounded-lg border border-slate-300 bg-white pr-11 pl-9 text-base text-slate-900",
            "placeholder:text-slate-400 outline-none data-focused:border-brand-500 data-focused:ring-2 data-focused:ring-brand-200",
            "[&::-webkit-search-cancel-button]:hidden",
          )}
        />
        <AriaButton
          aria-label="Clear search"
          className={cx(
            "absolute top-0 right-0 flex size-11 cursor-pointer items-center justify-center rounded-lg text-slate-500 outline-none",
            "data-hovered:text-slate-800 data-focus-visible:ring-2 data-focus-visible:ring-brand-500 group-data-empty:hidden",
          )}
        >
          <X aria-hidden="true" className="size-4" />
        </AriaButton>
      </div>
    </AriaSearchField>
  );
}
