import { useState } from "react";
import type { CustomerDto } from "@shared/api-types";
import { type ExportScope, MAX_EXPORT_CUSTOMERS, patternProblem } from "@shared/export";
import { errorText } from "../../api/client";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { ProgressBar } from "../../components/ui/ProgressBar";
import { Spinner } from "../../components/ui/Spinner";
import { toast } from "../../components/ui/Toast";
import { RecipientPicker } from "../customers/RecipientPicker";
import { downloadExport, useExportSettingsQuery, useUpdateExportSettingsMutation } from "./api";
import { ExportOptions } from "./ExportOptions";

// "many" brings no customer list: the dialog's picker searches the server a page at a time, and
// the export needs only the ticked ids, so nothing grows with the brokerage.
export type ExportTarget = { kind: "one"; customerId: string; name: string } | { kind: "many" };

/**
 * Export as a ZIP: one customer (from their page), or those the broker ticks (All Customers).
 * A changed file-name pattern is saved first, so the next export names files the same way.
 */
export function ExportDialog({ target, isOpen, onOpenChange }: { target: ExportTarget; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useExportSettingsQuery();
  const save = useUpdateExportSettingsMutation();
  const [scope, setScope] = useState<ExportScope>("approved");
  // The saved pattern until the broker edits it.
  const [edited, setPattern] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<string, CustomerDto>>(() => new Map());
  const [progress, setProgress] = useState<number | null>(null);
  const [working, setWorking] = useState(false);
  const saved = settings.data?.fileNamePattern;
  const pattern = edited ?? saved ?? "";

  const ids = target.kind === "one" ? [target.customerId] : [...selected.keys()];
  const tooMany = ids.length > MAX_EXPORT_CUSTOMERS;
  const blocked = ids.length === 0 || tooMany || patternProblem(pattern) !== null || !settings.data;

  const start = async () => {
    setWorking(true);
    try {
      if (pattern.trim() !== saved) await save.mutateAsync(pattern);
      const outcome = await downloadExport({ customerIds: ids, scope, single: target.kind === "one" }, setProgress);
      if (outcome !== "failed") {
        toast({
          title: "Export started",
          description: target.kind === "one" ? `${target.name}'s documents are downloading as a ZIP.` : `${ids.length} customer${ids.length === 1 ? "" : "s"} are downloading as one ZIP.`,
          variant: "success",
        });
        onOpenChange(false);
      }
    } catch (error) {
      toast({ title: "Export failed", description: errorText(error, "Please try again."), variant: "error" });
    } finally {
      setWorking(false);
      setProgress(null);
    }
  };

  return (
    <ModalDialog title={target.kind === "one" ? `Export ${target.name}` : "Export Customers"} isOpen={isOpen} onOpenChange={onOpenChange} size={target.kind === "one" ? "md" : "lg"} isDismissable={!working}>
      {(close) => (
        <div className="flex flex-col gap-4">
          {target.kind === "many" ? (
            <>
              <RecipientPicker selected={selected} onChange={setSelected} cap={null} />
              {tooMany ? <p className="text-sm text-red-700">Export at most {MAX_EXPORT_CUSTOMERS} customers at once.</p> : null}
            </>
          ) : null}
          {settings.data ? (
            <ExportOptions scope={scope} onScopeChange={setScope} pattern={pattern} onPatternChange={setPattern} />
          ) : settings.isError ? (
            <p className="text-sm text-red-700">The export settings could not be loaded. Please try again.</p>
          ) : (
            <Spinner label="Loading export settings" className="py-6" />
          )}
          {progress !== null ? <ProgressBar label="Preparing the ZIP" value={progress * 100} /> : null}
          <DialogActions
            onCancel={close}
            onSubmit={() => void start()}
            submitLabel={target.kind === "many" && ids.length > 0 ? `Download ZIP (${ids.length})` : "Download ZIP"}
            pendingLabel="Exporting..."
            isPending={working}
            isDisabled={blocked}
          />
        </div>
      )}
    </ModalDialog>
  );
}
