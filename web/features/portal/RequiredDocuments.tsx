import { Suspense, useState } from "react";
import { FileText } from "lucide-react";
import type { PortalDocumentDto, PortalDto } from "@shared/api-types";
import { EmptyState } from "../../components/ui/EmptyState";
import { useNow } from "../documents/use-now";
import { DocumentCards } from "./DocumentCards";
import type { DocumentView } from "./DocumentParts";
import { ALL_BROKERS, readBrokerChoice, storeBrokerChoice } from "./storage";
import { useLayout } from "./use-media-query";
import { megabytes } from "@shared/uploads";
import { useT } from "../../lib/i18n/use-t";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { loadOverlays } from "./overlay";

// Voided or declined requests to sign: in the dialogs' chunk, loaded only when there is one.
// Tablets and desktops only: a chunk of their own, so a phone's first load does not carry it (the
// portal's first load is on a 150 KB budget). Until it arrives the cards show the same rows.
// Only a customer with several brokers sees it: loaded then.
const BrokerSelect = lazyRetrying(async () => ({ default: (await import("./BrokerSelect")).BrokerSelect }));
const DocumentTable = lazyRetrying(async () => ({ default: (await import("./DocumentTable")).DocumentTable }));
const WithdrawnSignatures = lazyRetrying<{ items: NonNullable<PortalDto["withdrawnSignatures"]> }>(() => loadOverlays().then((m) => ({ default: m.WithdrawnSignatures })));

/** The broker filter, remembered per link; a remembered broker who is gone falls back to all. */
function useBrokerChoice(link: string, brokers: PortalDto["brokers"]) {
  const [stored, setStored] = useState(() => readBrokerChoice(link) ?? ALL_BROKERS);
  const choice = brokers.length > 1 && brokers.some((b) => b.id === stored) ? stored : ALL_BROKERS;
  const choose = (brokerId: string) => {
    setStored(brokerId);
    storeBrokerChoice(link, brokerId);
  };
  return [choice, choose] as const;
}

/** SPEC 2: table on desktop, compact table on tablets, cards on phones. */
export function RequiredDocuments({
  link,
  portal,
  onView,
}: {
  link: string;
  portal: PortalDto;
  onView: (document: PortalDocumentDto) => void;
}) {
  const t = useT();
  const layout = useLayout();
  const now = useNow();
  const { brokers } = portal;
  const [brokerId, setBrokerId] = useBrokerChoice(link, brokers);
  const required = portal.documents.filter((d) => d.status !== "shared");
  const shown = brokerId === ALL_BROKERS ? required : required.filter((d) => d.brokerId === brokerId);
  const showBroker = brokers.length > 1 && brokerId === ALL_BROKERS;
  const rows: DocumentView[] = shown.map((document) => ({
    document,
    brokerName: showBroker ? brokers.find((b) => b.id === document.brokerId)?.name : undefined,
    signedIn: portal.authenticated,
    now,
    onView,
  }));
  const chosenName = brokers.find((b) => b.id === brokerId)?.name;
  const withdrawn = portal.withdrawnSignatures?.filter((w) => brokerId === ALL_BROKERS || w.brokerId === brokerId);

  return (
    <section aria-labelledby="portal-required" className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="portal-required" className="text-xl font-semibold text-slate-900">
            {t("portal.requiredDocuments")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("portal.acceptedFiles", { size: megabytes(portal.maxUploadBytes) })}</p>
        </div>
        {brokers.length > 1 ? (
          <Suspense fallback={null}>
            <BrokerSelect brokers={brokers} value={brokerId} onChange={setBrokerId} />
          </Suspense>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t("portal.noDocumentsTitle")} icon={<FileText />} className="rounded-xl border border-slate-200 bg-white">
          {chosenName ? t("portal.brokerAskedNothing", { name: chosenName }) : t("portal.nothingRequestedYet")}
        </EmptyState>
      ) : layout === "mobile" ? (
        <DocumentCards rows={rows} />
      ) : (
        <Suspense fallback={<DocumentCards rows={rows} />}>
          <DocumentTable rows={rows} signedIn={portal.authenticated} compact={layout === "tablet"} />
        </Suspense>
      )}
      {withdrawn?.length ? (
        <Suspense>
          <WithdrawnSignatures items={withdrawn} />
        </Suspense>
      ) : null}
    </section>
  );
}
