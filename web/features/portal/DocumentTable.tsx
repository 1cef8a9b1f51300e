import { useT } from "../../lib/i18n/use-t";
import { DocumentActions, DocumentInfo, DocumentStatusBadge, DueBadge, useDocumentRowFocus, type DocumentView } from "./DocumentParts";

const th = "px-4 py-3 text-left text-sm font-medium text-slate-600";
const td = "px-4 py-4 align-top";

/**
 * Desktop: one column per fact (document, due, status, action). Compact (tablets): the badges
 * move under the name so the action column keeps room for its two buttons.
 */
export function DocumentTable({ rows, signedIn, compact }: { rows: DocumentView[]; signedIn: boolean; compact: boolean }) {
  const t = useT();
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed">
        <caption className="sr-only">{t("portal.requiredDocumentsList")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {t("portal.columnDocument")}
            </th>
            {compact ? null : (
              <th scope="col" className={`${th} w-44`}>
                {t("portal.columnDue")}
              </th>
            )}
            {compact || !signedIn ? null : (
              <th scope="col" className={`${th} w-52`}>
                {t("portal.columnStatus")}
              </th>
            )}
            <th scope="col" className={`${th} ${compact ? "w-56" : "w-80"}`}>
              <span className="sr-only">{t("portal.columnAction")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <DocumentTableRow key={row.document.id} row={row} signedIn={signedIn} compact={compact} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DocumentTableRow({ row, signedIn, compact }: { row: DocumentView; signedIn: boolean; compact: boolean }) {
  const t = useT();
  const focus = useDocumentRowFocus(row.document);
  return (
    <tr {...focus}>
      <td className={td}>
        <DocumentInfo {...row} />
        {compact ? (
          <div className="mt-2 flex flex-wrap gap-2 empty:hidden">
            <DocumentStatusBadge {...row} />
            <DueBadge {...row} />
          </div>
        ) : null}
      </td>
      {compact ? null : (
        <td className={td}>
          {row.document.dueDate && row.document.canUpload ? (
            <DueBadge {...row} />
          ) : (
            <span className="text-slate-400">
              <span aria-hidden="true">—</span>
              <span className="sr-only">{t("portal.noDueDate")}</span>
            </span>
          )}
        </td>
      )}
      {compact || !signedIn ? null : (
        <td className={td}>
          <DocumentStatusBadge {...row} />
        </td>
      )}
      <td className={td}>
        <DocumentActions {...row} stacked={compact} />
      </td>
    </tr>
  );
}
