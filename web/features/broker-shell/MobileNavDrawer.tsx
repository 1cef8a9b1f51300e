import { X } from "lucide-react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import { Logo } from "../../components/Logo";
import { SideNav } from "./SideNav";
import { Button } from "../../components/ui/Button";

/** Slide-in navigation for narrow screens; Escape or a backdrop click closes it. */
export function MobileNavDrawer({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 bg-slate-900/50 lg:hidden"
    >
      <Modal className="fixed inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl outline-none data-entering:motion-safe:animate-[drawer-in_200ms_ease-out]">
        <Dialog aria-label="Navigation" className="flex h-full flex-col outline-none">
          <div className="flex h-20 items-center justify-between border-b border-slate-200 px-3">
            <Logo />
            <Button variant="ghost" size="icon" aria-label="Close navigation menu" onPress={() => onOpenChange(false)}>
              <X aria-hidden="true" className="size-5" />
            </Button>
          </div>
          <SideNav onNavigate={() => onOpenChange(false)} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
