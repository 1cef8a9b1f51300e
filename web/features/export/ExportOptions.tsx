import type { ExportScope } from "@shared/export";
import { fillPattern, patternProblem, safeFileName } from "@shared/export";
import { Select } from "../../components/ui/Select";
import { TextField } from "../../components/ui/TextField";

const SCOPE_OPTIONS: { id: ExportScope; label: string }[] = [
  { id: "approved", label: "Approved documents" },
  { id: "all", label: "All uploaded documents" },
];

/** What goes into the ZIP and how its files are named (the pattern is saved for the broker's next export). */
export function ExportOptions({
  scope,
  onScopeChange,
  pattern,
  onPatternChange,
}: {
  scope: ExportScope;
  onScopeChange: (scope: ExportScope) => void;
  pattern: string;
  onPatternChange: (pattern: string) => void;
}) {
  const problem = patternProblem(pattern);
  const example = safeFileName(
    fillPattern(pattern, { customer: "Jane Doe", document: "Paystub", ext: "pdf", status: "Approved", uploaded: "2026-01-31", original: "scan" }),
  );
  return (
    <div className="flex flex-col gap-4">
      <Select label="Include" selectedKey={scope} onSelectionChange={onScopeChange} options={SCOPE_OPTIONS} />
      <TextField
        label="File names"
        value={pattern}
        onChange={onPatternChange}
        isInvalid={problem !== null}
        errorMessage={problem ?? undefined}
        description={problem ? undefined : `Fields: {customer} {document} {ext} {status} {uploaded} {original}. Example: ${example}`}
      />
      <p className="text-sm text-slate-600">The ZIP also holds manifest.csv: each document's status, dates, size and SHA-256 checksum.</p>
    </div>
  );
}
