import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { X } from "lucide-react";
import { useT } from "../../lib/i18n/use-t";
import { Button } from "../../components/ui/Button";

/**
 * A panel that drops down from the portal header (account, notifications): full width on
 * phones, a card under the header's right end on larger screens. It is a modal dialog, so
 * focus stays inside, Escape and a tap outside close it, and focus returns to the button.
 */
export function HeaderPanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className="fixed inset-0 z-50 flex items-start justify-end bg-slate-900/20 px-2 pt-16 sm:px-6 sm:pt-20"
    >
      <Modal className="mx-auto w-full max-w-6xl outline-none">
        <div className="flex justify-end">
          <Dialog className="mt-1 max-h-[calc(100dvh-15rem)] w-full overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg outline-none sm:w-80">
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-1 pr-1 pl-4">
              <Heading slot="title" className="font-semibold text-slate-900">
                {title}
              </Heading>
              <Button variant="ghost" size="icon" aria-label={t("dialogs.close")} onPress={onClose}>
                <X aria-hidden="true" className="size-5" />
              </Button>
            </div>
            {children}
          </Dialog>
        </div>
      </Modal>
    </ModalOverlay>
  );
}
