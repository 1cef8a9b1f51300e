// A signature document's place in the portal's list (issue 41): "Sign" instead of an upload, or
// where signing stands (signed, waiting for another signer, declined, voided) with the document
// to read. Its own small chunk, loaded only when the portal lists a document to sign; the signing
// screen (with signature_pad and pdf.js) is another, loaded when the customer opens it.
import { Suspense, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { PenLine, X } from "lucide-react";
import type { PortalDocumentDto } from "@shared/api-types";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { useLinkSignatureRequests, type SignerView } from "../signing/api";
import { useUploads } from "./use-uploads";

const loadSignerPage = () => import("../signing/SignerPage");
const SignerPage = lazyRetrying(loadSignerPage);

/** What the row says about the customer's part, or null while they may sign. */
export function signingState(view: SignerView): { tone: BadgeTone; label: string } | null {
  if (view.status === "voided") return { tone: "neutral", label: "Voided" };
  if (view.status === "declined") return { tone: "red", label: "Declined" };
  if (view.status === "completed") return { tone: "green", label: "Signed by everyone" };
  if (view.you.status === "signed") return { tone: "green", label: "Signed" };
  if (!view.you.canSign) return { tone: "amber", label: view.ordered ? "Waiting for another signer" : "Cannot be signed now" };
  return null;
}

export function SignAction({ document, stacked }: { document: PortalDocumentDto; stacked?: boolean }) {
  const { link } = useUploads();
  const requests = useLinkSignatureRequests(link);
  const [open, setOpen] = useState(false);
  const view = requests.data?.find((r) => r.documentId === document.id);
  if (!view) return requests.isPending ? <Spinner label="Loading" className="[&_svg]:size-5" /> : <p className="text-sm text-slate-600">Not available to sign</p>;
  const state = signingState(view);
  return (
    <div className={stacked ? "flex w-full flex-col gap-2" : "flex flex-wrap items-center gap-2"}>
      {state ? <Badge tone={state.tone}>{state.label}</Badge> : null}
      {state?.label === "Voided" || state?.label === "Declined" ? null : (
        <Button
          variant={state ? "secondary" : "primary"}
          size="sm"
          aria-label={`${state ? "View" : "Sign"} ${document.name}`}
          onPressStart={() => void loadSignerPage().catch(() => {})}
          onPress={() => setOpen(true)}
          className={stacked ? "w-full" : undefined}
        >
          <PenLine aria-hidden="true" className="size-4" />
          {state ? "View" : "Sign"}
        </Button>
      )}
      {open ? <SigningDialog link={link} view={view} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/** The signing screen over the whole portal (a phone needs all of its width for the document). */
function SigningDialog({ link, view, onClose }: { link: string; view: SignerView; onClose: () => void }) {
  return (
    <ModalOverlay isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable={false} className="fixed inset-0 z-50 overflow-y-auto bg-slate-50">
      <Modal className="min-h-full">
        <Dialog className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 outline-none sm:px-6">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 pb-3">
            <Heading slot="title" className="text-lg font-semibold text-slate-900">
              Document to sign
            </Heading>
            <Button variant="ghost" size="icon" aria-label="Close" onPress={onClose}>
              <X aria-hidden="true" className="size-5" />
            </Button>
          </div>
          <Suspense fallback={<Spinner label="Loading document" className="w-full py-16" />}>
            <SignerPage source={{ kind: "link", link, requestId: view.id }} />
          </Suspense>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
