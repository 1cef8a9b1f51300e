// The full consent to sign electronically, behind "Read the full consent" beside the short text
// the signer ticks: a dialog that reads at 390 px (it scrolls inside the screen) and is reached and
// closed by keyboard (its button is in the tab order; Escape or Close gives focus back to it).
import { useState } from "react";
import type { MessageKey } from "@shared/i18n/catalog";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { useT } from "../../lib/i18n/use-t";

/** Its sections in reading order: what signing means, what is recorded, paper, withdrawing, the copy, what is needed. */
const SECTIONS = ["Agree", "Recorded", "Paper", "Change", "Copy", "Need"] as const;

export function ConsentLink() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" size="sm" className="self-start" onPress={() => setOpen(true)}>
        {t("signing.readFullConsent")}
      </Button>
      <ModalDialog title={t("signing.consentTitle")} closeLabel={t("signing.close")} isOpen={open} onOpenChange={setOpen}>
        <div className="flex flex-col gap-4">
          {SECTIONS.map((section) => (
            <section key={section} className="flex flex-col gap-1">
              <h3 className="font-semibold text-slate-900">{t(`signing.consent${section}Heading` as MessageKey)}</h3>
              <p className="text-slate-700">{t(`signing.consent${section}` as MessageKey)}</p>
            </section>
          ))}
        </div>
      </ModalDialog>
    </>
  );
}
