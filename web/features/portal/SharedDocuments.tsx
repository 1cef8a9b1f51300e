import { LogIn, Share2 } from "lucide-react";
import type { PortalDocumentDto, PortalDto } from "@shared/api-types";
import { Button } from "../../components/ui/Button";
import { FileButtons } from "./DocumentParts";
import { useFormatDay } from "./dates";
import { useT } from "../../lib/i18n/use-t";

/**
 * Files the broker shared with the customer, with View and Download. Only a signed-in customer
 * reads them (the server sends a guest none), so a guest is told to sign in instead.
 */
export function SharedDocuments({
  portal,
  onView,
  onSignIn,
}: {
  portal: PortalDto;
  onView: (document: PortalDocumentDto) => void;
  onSignIn?: () => void;
}) {
  const t = useT();
  const formatDay = useFormatDay();
  if (!portal.authenticated) return <GuestHint onSignIn={onSignIn} />;
  const shared = portal.documents.filter((d) => d.status === "shared");
  if (shared.length === 0) return null;
  return (
    <section aria-labelledby="portal-shared" className="flex flex-col gap-3">
      <div>
        <h2 id="portal-shared" className="text-xl font-semibold text-slate-900">
          {t("portal.sharedDocuments")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("portal.sharedDocumentsHint")}</p>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {shared.map((document) => {
          const broker = portal.brokers.find((b) => b.id === document.brokerId)?.name;
          const day = formatDay(document.uploadedAt);
          return (
            <li key={document.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start gap-3">
                <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                  <Share2 className="size-5" />
                </span>
                <div className="min-w-0">
                  <h3 className="font-medium break-words text-slate-900">{document.name}</h3>
                  {document.description ? <p className="text-sm text-slate-600">{document.description}</p> : null}
                  <p className="text-sm text-slate-500">
                    {[broker ? t("portal.sharedBy", { name: broker }) : t("portal.sharedWithYou"), day].filter(Boolean).join(" · ")}
                  </p>
                </div>
              </div>
              {document.viewUrl ? <FileButtons document={document} onView={onView} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function GuestHint({ onSignIn }: { onSignIn?: () => void }) {
  const t = useT();
  return (
    // A hint, not a list: no heading, so a guest's page never suggests files it cannot show.
    <section aria-label={t("portal.sharedDocumentsLabel")} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        <Share2 className="size-5" />
      </span>
      <p className="min-w-0 flex-1 text-sm text-slate-600">{t("portal.sharedGuestHint")}</p>
      {onSignIn ? (
        <Button variant="secondary" size="sm" onPress={onSignIn}>
          <LogIn aria-hidden="true" className="size-4" />
          {t("portal.signInToView")}
        </Button>
      ) : null}
    </section>
  );
}
