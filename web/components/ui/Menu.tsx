import type { ReactNode } from "react";
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  Popover,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
} from "react-aria-components";
import { cx } from "./cx";

export interface MenuProps<T> extends Omit<AriaMenuProps<T>, "className"> {
  /** Non-interactive content above the items (e.g. who is signed in). */
  header?: ReactNode;
  placement?: "bottom end" | "bottom start" | "bottom";
  className?: string;
}

/** A dropdown menu; put it inside a MenuTrigger after its trigger button. */
export function Menu<T extends object>({ header, placement = "bottom end", className, ...props }: MenuProps<T>) {
  return (
    <Popover
      placement={placement}
      offset={6}
      className="min-w-56 rounded-xl border border-slate-200 bg-white shadow-lg outline-none"
    >
      {header ? <div className="border-b border-slate-200 px-4 py-3">{header}</div> : null}
      <AriaMenu {...props} className={cx("p-1 outline-none", className)} />
    </Popover>
  );
}

export function MenuItem(props: Omit<AriaMenuItemProps, "className"> & { className?: string }) {
  const { className, ...rest } = props;
  return (
    <AriaMenuItem
      {...rest}
      className={cx(
        "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-base text-slate-800 outline-none",
        "data-focused:bg-slate-100 data-disabled:opacity-50",
        className,
      )}
    />
  );
}

export { MenuTrigger } from "react-aria-components";
