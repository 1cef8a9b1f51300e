import { useState } from "react";
import { FileText } from "lucide-react";
import type { PortalDocumentDto, PortalDto } from "@shared/api-types";
import { EmptyState } from "../../components/ui/EmptyState";
import { useNow } from "../documents/use-now";
import { ALL_BROKERS, BrokerSelect } from "./BrokerSelect";
import { DocumentCards } from "./DocumentCards";
import type { DocumentView } from "./DocumentParts";
import { DocumentTable } from "./DocumentTable";
import { readBrokerChoice, storeBrokerChoice } from "./storage";
import { useLayout } from "./use-media-query";
import { megabytes } from "@shared/validation";
import { useT } from "../../lib/i18n/use-t";

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

  return (
    <section aria-labelledby="portal-required" className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="portal-required" className="text-xl font-semibold text-slate-900">
            {t("portal.requiredDocuments")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("portal.acceptedFiles", { size: megabytes(portal.maxUploadBytes) })}</p>
        </div>
        {brokers.length > 1 ? <BrokerSelect brokers={brokers} value={brokerId} onChange={setBrokerId} /> : null}
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t("portal.noDocumentsTitle")} icon={<FileText />} className="rounded-xl border border-slate-200 bg-white">
          {chosenName ? t("portal.brokerAskedNothing", { name: chosenName }) : t("portal.nothingRequestedYet")}
        </EmptyState>
      ) : layout === "mobile" ? (
        <DocumentCards rows={rows} />
      ) : (
        <DocumentTable rows={rows} signedIn={portal.authenticated} compact={layout === "tablet"} />
      )}
    </section>
  );
}
