// The signing screen over the whole portal (a phone needs all of its width for the document),
// opened from a signature document's row as the portal's dialog: it stays open while the row
// changes under it (the layout switching between cards and table, the document withdrawn once
// declined), so the signer always sees how it ended.
import { Suspense, useRef } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { X } from "lucide-react";
import type { PortalDocumentDto } from "@shared/api-types";
import { Button } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { useT } from "../../lib/i18n/use-t";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { withLaterMessages } from "../../lib/i18n/store";
import { useLinkSignatureRequests } from "../signing/api";

export const loadSignerPage = withLaterMessages(() => import("../signing/SignerPage"));
const SignerPage = lazyRetrying(loadSignerPage);

export function SigningDialog({ link, document, onClose }: { link: string; document: PortalDocumentDto; onClose: () => void }) {
  const t = useT();
  const requests = useLinkSignatureRequests(link);
  // Found by the document once; a declined or voided request no longer names it.
  const requestId = useRef<string | null>(null);
  requestId.current ??= requests.data?.find((r) => r.documentId === document.id)?.id ?? null;
  return (
    <ModalOverlay isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable={false} className="fixed inset-0 z-50 overflow-y-auto bg-slate-50">
      <Modal className="min-h-full">
        <Dialog className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 outline-none sm:px-6">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 pb-3">
            <Heading slot="title" className="text-lg font-semibold text-slate-900">
              {t("signing.documentToSign")}
            </Heading>
            <Button variant="ghost" size="icon" aria-label={t("signing.close")} onPress={onClose}>
              <X aria-hidden="true" className="size-5" />
            </Button>
          </div>
          {requestId.current ? (
            <Suspense fallback={<Spinner label={t("signing.loadingDocument")} className="w-full py-16" />}>
              <SignerPage source={{ kind: "link", link, requestId: requestId.current }} />
            </Suspense>
          ) : requests.isPending ? (
            <Spinner label={t("signing.loadingDocument")} className="w-full py-16" />
          ) : (
            <p role="alert">{t("signing.noLongerWaiting")}</p>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
