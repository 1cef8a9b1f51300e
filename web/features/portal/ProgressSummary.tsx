import type { PortalDocumentDto } from "@shared/api-types";
import { documentProgress, type DocumentStatus } from "@shared/documents";
import { ProgressBar } from "../../components/ui/ProgressBar";

/** Signed-in only: how many documents are in, and (once any is) how many are approved. */
export function ProgressSummary({ name, documents, isNewAccount = false }: { name: string; documents: PortalDocumentDto[]; isNewAccount?: boolean }) {
  const progress = documentProgress(documents.filter((d): d is PortalDocumentDto & { status: DocumentStatus } => Boolean(d.status)));
  const firstName = name.trim().split(/\s+/)[0];
  return (
    <section aria-labelledby="portal-progress" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="portal-progress" className="text-xl font-semibold text-slate-900">
        {/* "Welcome back" right after creating the account would be wrong. */}
        {isNewAccount ? "Welcome" : "Welcome back"}
        {firstName ? `, ${firstName}` : ""}
      </h2>
      <p className="mt-1 text-slate-600">
        {progress.total === 0
          ? "Your broker has not asked for any documents yet."
          : progress.approved === progress.total
            ? "All your documents are approved. Thank you!"
            : "Here is where your documents stand."}
      </p>
      {progress.total > 0 ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <ProgressBar
            label="Upload Status"
            value={progress.uploadPercent}
            valueLabel={`${progress.uploaded} of ${progress.total} uploaded · ${progress.uploadPercent}%`}
          />
          {progress.approved > 0 ? (
            <ProgressBar
              label="Approval Status"
              tone="green"
              value={progress.percent}
              valueLabel={`${progress.approved} of ${progress.total} approved · ${progress.percent}%`}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
