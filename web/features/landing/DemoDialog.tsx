import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { TryForFreeButton } from "./TryForFreeButton";

interface DemoDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  isSignedIn: boolean;
  onTryForFree: () => void;
}

// Self-hosted installs ship no video and load nothing from other sites (strict
// CSP), so the demo dialog points to trying the real thing instead.
export function DemoDialog({ isOpen, onOpenChange, isSignedIn, onTryForFree }: DemoDialogProps) {
  return (
    <ModalDialog title="Product demo" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <>
          <p className="text-slate-600">
            The demo video is not bundled with self-hosted installations. The quickest demo is the portal itself:
            {isSignedIn
              ? " invite yourself as a customer from the dashboard and open the upload link on your phone."
              : " create a free broker account, invite yourself as a customer and open the upload link on your phone."}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onPress={close}>
              Close
            </Button>
            {isSignedIn ? null : <TryForFreeButton close={close} onTryForFree={onTryForFree} />}
          </div>
        </>
      )}
    </ModalDialog>
  );
}
