import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from "react-aria-components";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { cx } from "./cx";
import { toastLabels, toastQueue } from "./Toast";

const variantClass = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-green-200 bg-white text-slate-900",
  error: "border-red-200 bg-red-50 text-red-900",
} as const;

/** Renders the queue; mount once at the root of the app. */
export function ToastRegion() {
  return (
    <AriaToastRegion
      queue={toastQueue}
      // In a strip at the bottom that nothing else uses: at the top a toast covered the header's
      // bell, avatar and Sign In and the dialogs' close buttons. Dialogs and pages keep that
      // strip (8rem above a 1rem margin) clear with pb-36, so a toast covers no control for its 5 s.
      // A longer message (a refused upload's reason, up to five lines on a phone) grows the toast
      // upward, never past the bottom of the screen. On a laptop (lg) it sits bottom left, inside
      // the broker's side navigation column (w-64), which holds nothing down there: at the right it
      // covered the action buttons of whichever list row was at the bottom of the window (the
      // lists' buttons are on the right at that width). Narrower, rows stack their buttons under
      // the name, so no side is free; the pages' pb-36 keeps the last row reachable.
      className="fixed inset-x-4 bottom-4 z-[60] flex flex-col items-stretch gap-2 outline-none sm:left-auto sm:w-96 lg:left-4 lg:right-auto lg:w-56"
    >
      {({ toast: queued }) => {
        const variant = queued.content.variant ?? "default";
        return (
          <AriaToast
            toast={queued}
            className={cx(
              "flex items-start gap-3 rounded-xl border p-4 shadow-lg outline-none",
              "data-focus-visible:ring-2 data-focus-visible:ring-brand-500",
              variantClass[variant],
            )}
          >
            {variant === "error" ? (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
            ) : variant === "success" ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-600" />
            ) : null}
            <ToastContent className="flex min-w-0 flex-1 flex-col gap-1">
              <Text slot="title" className="font-semibold">
                {queued.content.title}
              </Text>
              {queued.content.description ? (
                // Never clamped: a refused upload's reason ends with what to do about it.
                <Text slot="description" className="text-sm opacity-90">
                  {queued.content.description}
                </Text>
              ) : null}
            </ToastContent>
            <AriaButton
              slot="close"
              aria-label={toastLabels.close}
              className="-m-2 flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg outline-none data-hovered:bg-black/5 data-focus-visible:ring-2 data-focus-visible:ring-brand-500"
            >
              <X aria-hidden="true" className="size-4" />
            </AriaButton>
          </AriaToast>
        );
      }}
    </AriaToastRegion>
  );
}
