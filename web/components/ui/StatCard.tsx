import { Button as AriaButton } from "react-aria-components";
import { CircleCheck, Clock, TrendingUp, Users, type LucideIcon } from "lucide-react";
import { cx } from "./cx";

const icons: Record<StatCardIcon, LucideIcon> = {
  users: Users,
  clock: Clock,
  check: CircleCheck,
  chart: TrendingUp,
};

export type StatCardIcon = "users" | "clock" | "check" | "chart";

export interface StatCardProps {
  title: string;
  value: number | string;
  icon: StatCardIcon;
  /** Green when it starts with "+", red otherwise. */
  trend?: string;
  subtitle?: string;
  /** Percent, 0–100; draws a thin bar under the value. */
  progress?: number;
  isLoading?: boolean;
  /** The card becomes a button only when this is given. */
  onPress?: () => void;
  className?: string;
}

/** A dashboard metric: title, big value, icon, optional trend, subtitle and progress. */
export function StatCard({ title, value, icon, trend, subtitle, progress, isLoading, onPress, className }: StatCardProps) {
  const Icon = icons[icon];
  const body = (
    <>
      <span className="flex items-start justify-between gap-3">
        <span className="text-sm font-medium text-slate-600">{title}</span>
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Icon className="size-5" />
        </span>
      </span>
      {isLoading ? (
        <span aria-hidden="true" className="mt-1 flex flex-col gap-2">
          <span className="block h-8 w-16 animate-pulse rounded bg-slate-200" />
          <span className="block h-4 w-28 animate-pulse rounded bg-slate-100" />
        </span>
      ) : (
        <>
          <span className="mt-1 flex items-baseline gap-2">
            <span className="text-3xl font-semibold text-slate-900">{value}</span>
            {trend ? (
              <span className={cx("text-sm font-medium", trend.startsWith("+") ? "text-green-700" : "text-red-700")}>
                {trend}
              </span>
            ) : null}
          </span>
          {subtitle ? <span className="mt-1 text-sm text-slate-500">{subtitle}</span> : null}
          {progress !== undefined ? (
            <span aria-hidden="true" className="mt-3 block h-1.5 w-full overflow-hidden rounded-full bg-slate-100">
              <span
                className="block h-full rounded-full bg-brand-600"
                style={{ width: `${Math.min(100, Math.max(0, progress))}%` }}
              />
            </span>
          ) : null}
        </>
      )}
      {isLoading ? <span className="sr-only">Loading</span> : null}
    </>
  );
  const frame = "flex w-full flex-col rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm sm:p-5";
  if (!onPress) return <div className={cx(frame, className)}>{body}</div>;
  return (
    <AriaButton
      onPress={onPress}
      className={cx(
        frame,
        "cursor-pointer outline-none transition-shadow data-hovered:border-brand-300 data-hovered:shadow-md",
        "data-focus-visible:ring-2 data-focus-visible:ring-brand-500 data-focus-visible:ring-offset-2",
        className,
      )}
    >
      {body}
    </AriaButton>
  );
}
