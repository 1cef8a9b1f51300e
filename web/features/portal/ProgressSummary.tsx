import type { PortalDocumentDto } from "@shared/api-types";
import { documentProgress, type DocumentStatus } from "@shared/documents";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { useT } from "../../lib/i18n/use-t";

/** Signed-in only: how many documents are in, and (once any is) how many are approved. */
export function ProgressSummary({ name, documents, isNewAccount = false }: { name: string; documents: PortalDocumentDto[]; isNewAccount?: boolean }) {
  const progress = documentProgress(documents.filter((d): d is PortalDocumentDto & { status: DocumentStatus } => Boolean(d.status)));
  const t = useT();
  const firstName = name.trim().split(/\s+/)[0];
  // "Welcome back" right after creating the account would be wrong.
  const heading = isNewAccount
    ? firstName ? t("portal.welcomeName", { name: firstName }) : t("portal.welcome")
    : firstName ? t("portal.welcomeBackName", { name: firstName }) : t("portal.welcomeBack");
  return (
    <section aria-labelledby="portal-progress" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="portal-progress" className="text-xl font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="mt-1 text-slate-600">
        {progress.total === 0
          ? t("portal.nothingRequestedYet")
          : progress.approved === progress.total
            ? t("portal.allApproved")
            : t("portal.whereTheyStand")}
      </p>
      {progress.total > 0 ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <ProgressBar
            label={t("portal.uploadStatus")}
            value={progress.uploadPercent}
            valueLabel={t("portal.uploadedOf", { uploaded: progress.uploaded, total: progress.total, percent: progress.uploadPercent })}
          />
          {progress.approved > 0 ? (
            <ProgressBar
              label={t("portal.approvalStatus")}
              tone="green"
              value={progress.percent}
              valueLabel={t("portal.approvedOf", { approved: progress.approved, total: progress.total, percent: progress.percent })}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
