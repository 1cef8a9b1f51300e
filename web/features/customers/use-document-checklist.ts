import { useState } from "react";
import {
  CUSTOM_DOCUMENT_DESCRIPTION,
  STANDARD_DOCUMENTS,
  encodeCustomDocument,
  type CatalogueDocument,
} from "@shared/documents";
import { limitMessages, perRequestError } from "@shared/limits";
import type { PlanId } from "@shared/plans";
import { toast } from "../../components/ui/Toast";

/** SPEC 3's form-only required-document entry, plus whether the broker typed it in. */
export interface ChecklistEntry {
  name: string;
  description: string;
  checked: boolean;
  custom: boolean;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The document picker's state: the standard catalogue (none checked), custom documents
 * added already checked, and the plan's per-request cap enforced as the broker ticks.
 */
export function useDocumentChecklist(
  plan: PlanId,
  options: { standard?: readonly CatalogueDocument[]; existingNames?: readonly string[] } = {},
) {
  const standard = options.standard ?? STANDARD_DOCUMENTS;
  const fresh = () => standard.map((doc) => ({ ...doc, checked: false, custom: false }));
  const [entries, setEntries] = useState<ChecklistEntry[]>(fresh);

  const selected = entries.filter((entry) => entry.checked);

  /** Toasts and returns false when one more document would break the plan's cap. */
  function roomForOneMore(): boolean {
    const error = perRequestError(plan, selected.length + 1);
    if (error) toast({ title: limitMessages.documentLimitTitle, description: error, variant: "error" });
    return !error;
  }

  function setChecked(name: string, checked: boolean) {
    if (checked && !roomForOneMore()) return;
    setEntries((current) => current.map((entry) => (entry.name === name ? { ...entry, checked } : entry)));
  }

  /** Adds a custom document, checked. Returns true when it was added (so the field can be cleared). */
  function addCustom(rawName: string): boolean {
    const name = rawName.trim();
    if (!name) {
      toast({ title: "Error", description: "Please enter a document name.", variant: "error" });
      return false;
    }
    const taken = [...entries.map((entry) => entry.name), ...(options.existingNames ?? [])];
    if (taken.some((existing) => sameName(existing, name))) {
      toast({ title: "Document Already Added", description: `"${name}" is already in the list.`, variant: "error" });
      return false;
    }
    if (!roomForOneMore()) return false;
    setEntries((current) => [...current, { name, description: CUSTOM_DOCUMENT_DESCRIPTION, checked: true, custom: true }]);
    toast({
      title: "Custom document added",
      description: `"${name}" has been added and selected automatically.`,
      variant: "success",
    });
    return true;
  }

  return {
    entries,
    selected,
    /** True when the plan allows no more selected documents (the Add button is disabled then). */
    isFull: perRequestError(plan, selected.length + 1) !== null,
    setChecked,
    addCustom,
    reset: () => setEntries(fresh()),
  };
}

export type DocumentChecklist = ReturnType<typeof useDocumentChecklist>;

/** The request-documents form of the selection: standard names, custom ones encoded. */
export function documentTypes(selected: readonly ChecklistEntry[]): string[] {
  return selected.map((entry) => (entry.custom ? encodeCustomDocument(entry.name, entry.description) : entry.name));
}

/** The create-customer form of the selection (SPEC 7: custom ones travel as custom:{name}:{description}). */
export function requiredDocuments(selected: readonly ChecklistEntry[]): { name: string; description?: string }[] {
  return selected.map((entry) =>
    entry.custom ? { name: encodeCustomDocument(entry.name, entry.description) } : { name: entry.name, description: entry.description },
  );
}
