// The full consent to sign electronically, behind "Read the full consent" beside the short text
// the signer ticks: a dialog that reads at 390 px (it scrolls inside the screen) and is reached and
// closed by keyboard (its button is in the tab order; Escape or Close gives focus back to it).
import { useState } from "react";
import { SIGNING_CONSENT_FULL } from "@shared/signatures";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";

export function ConsentLink() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" size="sm" className="self-start" onPress={() => setOpen(true)}>
        Read the full consent
      </Button>
      <ModalDialog title="Consent to sign electronically" isOpen={open} onOpenChange={setOpen}>
        <div className="flex flex-col gap-4">
          {SIGNING_CONSENT_FULL.map(({ heading, text }) => (
            <section key={heading} className="flex flex-col gap-1">
              <h3 className="font-semibold text-slate-900">{heading}</h3>
              <p className="text-slate-700">{text}</p>
            </section>
          ))}
        </div>
      </ModalDialog>
    </>
  );
}
