import { useId } from "react";
import { Checkbox } from "../../components/ui/Checkbox";
import { CustomDocumentInput } from "./CustomDocumentInput";
import { DocumentChips } from "./DocumentChips";
import type { ChecklistEntry, DocumentChecklist } from "./use-document-checklist";

/**
 * Standard documents as a checklist, a custom-document adder (Enter adds) and the
 * Selected Documents list where any choice can be taken back.
 */
export function DocumentPicker({ checklist, title = "Required Documents" }: { checklist: DocumentChecklist; title?: string }) {
  const headingId = useId();
  const standard = checklist.entries.filter((entry) => !entry.custom);
  const custom = checklist.entries.filter((entry) => entry.custom);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {standard.length > 0 ? (
        <ChecklistGroup label="Standard documents" entries={standard} checklist={checklist} />
      ) : (
        <p className="text-sm text-slate-600">Every standard document has already been requested.</p>
      )}
      {custom.length > 0 ? <ChecklistGroup label="Custom documents" entries={custom} checklist={checklist} /> : null}

      <CustomDocumentInput onAdd={checklist.addCustom} isFull={checklist.isFull} />

      <SelectedDocuments checklist={checklist} />
    </section>
  );
}

/** Entries as checkboxes; a label makes the grid a named group (leave it out inside a fieldset). */
export function ChecklistGroup({ label, entries, checklist }: { label?: string; entries: ChecklistEntry[]; checklist: DocumentChecklist }) {
  return (
    <div role={label ? "group" : undefined} aria-label={label} className="grid gap-x-2 sm:grid-cols-2">
      {entries.map((entry) => (
        <Checkbox
          key={entry.name}
          isSelected={entry.checked}
          onChange={(checked) => checklist.setChecked(entry.name, checked)}
          isDisabled={checklist.isLocked(entry)}
          description={entry.alreadyAdded ? "Already Added" : entry.description}
        >
          {entry.name}
        </Checkbox>
      ))}
    </div>
  );
}

function SelectedDocuments({ checklist }: { checklist: DocumentChecklist }) {
  const headingId = useId();
  return (
    <div aria-labelledby={headingId} role="region" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h4 id={headingId} className="text-sm font-semibold text-slate-800">
        Selected Documents ({checklist.selected.length})
      </h4>
      {checklist.selected.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No documents selected yet.</p>
      ) : (
        <DocumentChips
          names={checklist.selected.map((entry) => entry.name)}
          onRemove={(name) => checklist.setChecked(name, false)}
          className="mt-2"
        />
      )}
    </div>
  );
}
