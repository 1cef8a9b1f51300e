// A signature document's place in the portal's list (issue 41): "Sign" instead of an upload, or
// where signing stands (signed, waiting for another signer, declined, voided) with the document
// to read. In the portal dialogs' chunk, loaded only when the portal lists a document to sign; the
// signing screen (with signature_pad and pdf.js) is a chunk of its own, loaded when it is opened.
import { PenLine } from "lucide-react";
import type { PortalDocumentDto } from "@shared/api-types";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import type { Translate } from "../../lib/i18n/store";
import { useT } from "../../lib/i18n/use-t";
import { useLinkSignatureRequests, type SignerView } from "../signing/api";
import { loadSignerPage } from "./SigningDialog";
import { useUploads } from "./use-uploads";

/** What the row says about the customer's part, or null while they may sign; `ended`: nothing is left to read or sign. */
export function signingState(view: SignerView, t: Translate): { tone: BadgeTone; label: string; ended: boolean } | null {
  if (view.status === "voided") return { tone: "neutral", label: t("signing.voided"), ended: true };
  if (view.status === "declined") return { tone: "red", label: t("signing.declined"), ended: true };
  if (view.status === "completed") return { tone: "green", label: t("signing.signedByEveryone"), ended: false };
  if (view.you.status === "signed") return { tone: "green", label: t("signing.signed"), ended: false };
  if (!view.you.canSign) return { tone: "amber", label: view.ordered ? t("signing.waitingForOther") : t("signing.cannotSignNow"), ended: false };
  return null;
}

/** `onOpen` opens the signing screen as the portal's dialog (PortalOverlays), so it stays open while this row changes or goes. */
export function SignAction({ document, stacked, onOpen }: { document: PortalDocumentDto; stacked?: boolean; onOpen: (document: PortalDocumentDto) => void }) {
  const t = useT();
  const { link } = useUploads();
  const requests = useLinkSignatureRequests(link);
  const view = requests.data?.find((r) => r.documentId === document.id);
  if (!view) return requests.isPending ? <Spinner label={t("signing.loading")} className="[&_svg]:size-5" /> : <p className="text-sm text-slate-600">{t("signing.notAvailable")}</p>;
  const state = signingState(view, t);
  return (
    <div className={stacked ? "flex w-full flex-col gap-2" : "flex flex-wrap items-center gap-2"}>
      {state ? <Badge tone={state.tone}>{state.label}</Badge> : null}
      {state?.ended ? null : (
        <Button
          variant={state ? "secondary" : "primary"}
          size="sm"
          aria-label={t(state ? "signing.viewDocument" : "signing.signDocument", { name: document.name })}
          onPressStart={() => void loadSignerPage().catch(() => {})}
          onPress={() => onOpen(document)}
          className={stacked ? "w-full" : undefined}
        >
          <PenLine aria-hidden="true" className="size-4" />
          {state ? t("signing.view") : t("signing.sign")}
        </Button>
      )}
    </div>
  );
}
