import { useState } from "react";
import { FileSearch, FileText } from "lucide-react";
import type { DocumentDto } from "@shared/api-types";
import { documentProgress, isRequirement } from "@shared/documents";
import { Badge } from "../../components/ui/Badge";
import { EmptyState } from "../../components/ui/EmptyState";
import { SearchField } from "../../components/ui/SearchField";
import { Card } from "../../components/ui/Card";
import { Checkbox } from "../../components/ui/Checkbox";
import { needsALook } from "@shared/recognition/describe";
import { DocumentRow, type DocumentActions } from "./DocumentRow";
import { useNow } from "./use-now";

/** The documents the broker asked for (shared files are listed separately), searchable by name. */
export function RequiredDocumentsCard({
  documents,
  actions,
  expiries,
}: {
  documents: DocumentDto[];
  actions: DocumentActions;
  /** Expiry dates by document id ("YYYY-MM-DD"). */
  expiries?: ReadonlyMap<string, string>;
}) {
  const [search, setSearch] = useState("");
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const now = useNow();
  const required = documents.filter((doc) => isRequirement(doc.status));
  const flagged = required.filter(needsALook).length;
  const term = search.trim().toLowerCase();
  const shown = required.filter((doc) => (!term || doc.name.toLowerCase().includes(term)) && (!onlyFlagged || needsALook(doc)));
  const { approved, total } = documentProgress(documents);

  return (
    <Card
      title="Required Documents"
      action={
        <Badge tone={total > 0 && approved === total ? "green" : "neutral"}>
          {approved} of {total} Approved
        </Badge>
      }
    >
      <SearchField
        label="Search documents"
        value={search}
        onChange={setSearch}
        placeholder="Search documents by name..."
        className="mb-4"
      />
      {/* Files read as the wrong kind, too old or in another name (issue 42): offered while there are any. */}
      {flagged > 0 || onlyFlagged ? (
        <Checkbox isSelected={onlyFlagged} onChange={setOnlyFlagged} className="-mt-2 mb-4">
          Needs a look ({flagged})
        </Checkbox>
      ) : null}
      {required.length === 0 ? (
        <EmptyState icon={<FileText />} title="No documents required for this customer." />
      ) : shown.length === 0 ? (
        <EmptyState icon={<FileSearch />} title={onlyFlagged && !term ? "No documents need a look." : "No documents found matching the search term."} />
      ) : (
        <ul aria-label="Required documents" className="divide-y divide-slate-200">
          {shown.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} now={now} actions={actions} expiresOn={expiries?.get(doc.id) ?? null} />
          ))}
        </ul>
      )}
    </Card>
  );
}
