import type { DocumentDto } from "@shared/api-types";
import { documentProgress } from "@shared/documents";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { Card } from "../../components/ui/Card";

/** How far the customer is: approved out of requested (shared files excluded). */
export function ProgressCard({ documents }: { documents: DocumentDto[] }) {
  const { percent, approved, pending } = documentProgress(documents);
  return (
    <Card title="Progress Overview">
      <ProgressBar label="Documents approved" value={percent} tone={percent === 100 ? "green" : "brand"} />
      <dl className="mt-4 grid grid-cols-2 gap-3 text-center">
        {/* Term before value in the markup; the number is shown on top. */}
        <div className="flex flex-col-reverse rounded-lg bg-green-50 p-3">
          <dt className="text-sm text-green-900">Approved</dt>
          <dd className="text-2xl font-semibold text-green-800">{approved}</dd>
        </div>
        <div className="flex flex-col-reverse rounded-lg bg-slate-100 p-3">
          <dt className="text-sm text-slate-700">Pending</dt>
          <dd className="text-2xl font-semibold text-slate-800">{pending}</dd>
        </div>
      </dl>
    </Card>
  );
}
