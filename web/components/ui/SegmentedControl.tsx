import { ToggleButton, ToggleButtonGroup, type Key } from "react-aria-components";
import { cx } from "./cx";

export interface SegmentedControlProps<K extends string> {
  /** What the choice is about, for screen readers (the segments' labels are visible). */
  label: string;
  selectedKey: K;
  onSelectionChange: (key: K) => void;
  options: { id: K; label: string }[];
  className?: string;
}

/** One of a few views, side by side (a radio group for assistive technology; arrow keys move). */
export function SegmentedControl<K extends string>({ label, selectedKey, onSelectionChange, options, className }: SegmentedControlProps<K>) {
  return (
    <ToggleButtonGroup
      aria-label={label}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[selectedKey]}
      onSelectionChange={(keys: Set<Key>) => {
        const [key] = keys;
        if (key !== undefined) onSelectionChange(String(key) as K);
      }}
      className={cx("inline-flex rounded-lg border border-slate-300 bg-white p-0.5", className)}
    >
      {options.map((option) => (
        <ToggleButton
          key={option.id}
          id={option.id}
          className={cx(
            "min-h-11 min-w-20 cursor-pointer rounded-md px-4 text-sm font-medium text-slate-700 outline-none",
            "data-hovered:bg-slate-50 data-focus-visible:ring-2 data-focus-visible:ring-brand-500",
            "data-selected:bg-brand-600 data-selected:text-white",
          )}
        >
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
