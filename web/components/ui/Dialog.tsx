import type { ReactNode } from "react";
import { Dialog as AriaDialog, Heading, Modal as AriaModal, ModalOverlay } from "react-aria-components";
import { X } from "lucide-react";
import { Button } from "./Button";
import { cx } from "./cx";

const widths = {
  sm: "max-w-sm",
  md: "max-w-md",
  lg: "max-w-2xl",
  xl: "max-w-5xl",
} as const;

export interface ModalDialogProps {
  title: string;
  /** Controlled open state; leave out inside a DialogTrigger. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  size?: keyof typeof widths;
  /** Clicking the backdrop closes the dialog (not for forms that would lose input). */
  isDismissable?: boolean;
  /**
   * The dialog takes the screen's full height and its body the room left under the title, for a
   * viewer whose frame should fill it while its buttons stay in sight (a fixed-height frame pushed
   * Approve below the fold).
   */
  fill?: boolean;
  /** The close button's name: the customer portal's dialogs pass it in the page's language. */
  closeLabel?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A centred modal dialog with a title and a close button. React Aria traps
 * focus inside, closes on Escape and returns focus to the opener.
 */
export function ModalDialog({
  title,
  isOpen,
  onOpenChange,
  size = "md",
  isDismissable = true,
  fill = false,
  closeLabel = "Close",
  children,
}: ModalDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      // The bottom padding keeps the toast strip clear (see ToastRegion.tsx).
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 px-4 pt-4 pb-36"
    >
      <AriaModal
        className={cx(
          "max-h-[calc(100dvh-10rem)] w-full overflow-y-auto rounded-xl bg-white shadow-xl",
          fill && "h-[calc(100dvh-10rem)]",
          widths[size],
        )}
      >
        <AriaDialog className={cx("relative p-6 outline-none", fill && "flex h-full flex-col")}>
          {({ close }) => {
            const body = typeof children === "function" ? children(close) : children;
            return (
              <>
                <div className="mb-4 flex items-start justify-between gap-4">
                  <Heading slot="title" className="pt-2 text-xl font-semibold text-slate-900">
                    {title}
                  </Heading>
                  <Button variant="ghost" size="icon" aria-label={closeLabel} onPress={close} className="-mr-2 -mt-1">
                    <X aria-hidden="true" className="size-5" />
                  </Button>
                </div>
                {fill ? <div className="min-h-0 flex-1">{body}</div> : body}
              </>
            );
          }}
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  );
}

