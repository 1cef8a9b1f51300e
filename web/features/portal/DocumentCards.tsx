import { useT } from "../../lib/i18n/use-t";
import { DocumentActions, DocumentInfo, DocumentStatusBadge, DueBadge, useDocumentRowFocus, type DocumentView } from "./DocumentParts";

/** Phones: one card per document, the actions full width under it (44 px targets). */
export function DocumentCards({ rows }: { rows: DocumentView[] }) {
  const t = useT();
  return (
    <ul className="flex flex-col gap-3" aria-label={t("portal.requiredDocumentsList")}>
      {rows.map((row) => (
        <DocumentCard key={row.document.id} row={row} />
      ))}
    </ul>
  );
}

function DocumentCard({ row }: { row: DocumentView }) {
  const focus = useDocumentRowFocus(row.document);
  return (
    <li {...focus} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <DocumentInfo {...row} titleLevel={3} />
      <div className="flex flex-wrap gap-2 empty:hidden">
        <DocumentStatusBadge {...row} />
        <DueBadge {...row} />
      </div>
      <DocumentActions {...row} />
    </li>
  );
}
