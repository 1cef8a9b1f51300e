import { useEffect, useRef, type ReactNode } from "react";
import { Dialog as AriaDialog, Heading, Modal as AriaModal, ModalOverlay } from "react-aria-components";
import { Button } from "./Button";
import { dialogFooterClass } from "./DialogActions";

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs (e.g. "Sending..."). */
  pendingLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
  tone?: "danger" | "default";
}

/**
 * Asks before an action with consequences (role alertdialog). It stays open
 * while the action runs; the caller closes it when the action settles.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  pendingLabel,
  isPending = false,
  onConfirm,
  tone = "default",
}: ConfirmDialogProps) {
  const confirming = useRef(false);
  // Pressable again once the action has settled (say, to retry after an error) or on reopening.
  useEffect(() => {
    if (!isPending) confirming.current = false;
  }, [isPending, isOpen]);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        // Closing mid-request would hide the outcome; wait for it.
        if (!open && isPending) return;
        onOpenChange(open);
      }}
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      // The bottom padding keeps the toast strip clear (see ToastRegion.tsx).
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 px-4 pt-4 pb-36"
    >
      <AriaModal className="max-h-[calc(100dvh-10rem)] w-full max-w-md overflow-y-auto rounded-xl bg-white shadow-xl">
        <AriaDialog role="alertdialog" className="p-6 outline-none">
          <Heading slot="title" className="text-lg font-semibold text-slate-900">
            {title}
          </Heading>
          <div className="mt-2 text-base text-slate-600">{children}</div>
          <div className={dialogFooterClass("mt-6")}>
            {/* A destructive action starts on Cancel so a stray Enter does no harm. */}
            <Button variant="secondary" isDisabled={isPending} onPress={() => onOpenChange(false)} autoFocus={tone === "danger"}>
              Cancel
            </Button>
            <Button
              variant={tone === "danger" ? "danger" : "primary"}
              isDisabled={isPending}
              onPress={() => {
                // A double click would run the action twice before isPending arrives (a second
                // delete then "fails" with 404); only the first press counts until it settles.
                if (confirming.current) return;
                confirming.current = true;
                onConfirm();
              }}
              autoFocus={tone !== "danger"}
            >
              {isPending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  );
}
