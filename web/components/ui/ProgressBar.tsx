import { Label, ProgressBar as AriaProgressBar } from "react-aria-components";
import { cx } from "./cx";

export interface ProgressBarProps {
  label: string;
  /** Percent, 0–100. */
  value: number;
  /** Replaces the default "n%" text shown beside the label. */
  valueLabel?: string;
  tone?: "brand" | "green";
  className?: string;
}

/** A labelled progress bar that screen readers announce with its value. */
export function ProgressBar({ label, value, valueLabel, tone = "brand", className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <AriaProgressBar value={clamped} valueLabel={valueLabel} className={cx("flex flex-col gap-1.5", className)}>
      {({ percentage, valueText }) => (
        <>
          <div className="flex items-center justify-between gap-2 text-sm">
            <Label className="font-medium text-slate-700">{label}</Label>
            <span className="text-slate-600">{valueText}</span>
          </div>
          <div className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
            <div
              className={cx("h-full rounded-full transition-[width]", tone === "green" ? "bg-green-600" : "bg-brand-600")}
              style={{ width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
