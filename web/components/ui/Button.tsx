import {
  Button as AriaButton,
  Link as AriaLink,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from "react-aria-components";
import { cx } from "./cx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "link";
export type ButtonSize = "md" | "sm" | "icon";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors " +
  "cursor-pointer select-none outline-none data-focus-visible:ring-2 data-focus-visible:ring-brand-500 " +
  "data-focus-visible:ring-offset-2 data-disabled:cursor-not-allowed data-disabled:opacity-50 data-pending:opacity-70";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white data-hovered:bg-brand-700 data-pressed:bg-brand-800",
  secondary:
    "border border-slate-300 bg-white text-slate-800 data-hovered:bg-slate-50 data-pressed:bg-slate-100",
  ghost: "text-slate-700 data-hovered:bg-slate-100 data-pressed:bg-slate-200",
  danger: "bg-red-600 text-white data-hovered:bg-red-700 data-pressed:bg-red-800",
  link: "text-brand-700 underline underline-offset-2 data-hovered:text-brand-800",
};

// Every size keeps a 44px touch target (min-h-11) so phones are comfortable.
const sizes: Record<ButtonSize, string> = {
  md: "min-h-11 px-4 text-base",
  sm: "min-h-11 px-3 text-sm",
  icon: "size-11 shrink-0",
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return cx(base, variants[variant], sizes[size], extra);
}

export interface ButtonProps extends Omit<AriaButtonProps, "className"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function Button({ variant, size, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonClass(variant, size, className)} />;
}

export interface LinkButtonProps extends Omit<AriaLinkProps, "className"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** A link that looks like a button (navigation, not an action). */
export function LinkButton({ variant, size, className, ...props }: LinkButtonProps) {
  return <AriaLink {...props} className={buttonClass(variant, size, className)} />;
}
