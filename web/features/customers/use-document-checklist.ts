import { useState } from "react";
import { CUSTOM_DOCUMENT_DESCRIPTION, STANDARD_DOCUMENTS, encodeCustomDocument } from "@shared/documents";
import { approachesCap, limitMessages, perCustomerError, perRequestError, standardSelectionLocked } from "@shared/limits";
import type { AcceptanceRules } from "@shared/acceptance-rules";
import { getPlan, type PlanId } from "@shared/plans";
import { toast } from "../../components/ui/Toast";

/** SPEC 3's form-only required-document entry, plus whether the broker typed it in. */
export interface ChecklistEntry {
  name: string;
  description: string;
  checked: boolean;
  custom: boolean;
  /** A standard document the customer already has, shown but not offered (SPEC 2 "Already Added"). */
  alreadyAdded?: boolean;
  /** Filled from a checklist template: the rules its upload is held to (null: the standard ones). */
  rules?: AcceptanceRules | null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface ChecklistOptions {
  /** The plan whose per-request cap stops one more tick (SPEC 5). Without it only `customerLimit` applies. */
  plan?: PlanId;
  /**
   * Documents the customer already has (shared files excluded): the standard ones are not
   * offered again, and a custom document may not repeat any of them (names match ignoring case).
   */
  existingNames?: readonly string[];
  /** The customer's requested count and cap (null = none) from the document-limit query: warns at the cap, refuses beyond it. */
  customerLimit?: { current: number; max: number | null };
  /**
   * SPEC 2: the per-customer cap (the plan's maxAllowed, null = none) at which no more standard
   * documents can be ticked (standardSelectionLocked). Left out: standard documents never lock.
   */
  lockStandardAt?: number | null;
  /**
   * SPEC 2: standard documents the customer already has are hidden on the customer detail
   * screen and shown disabled as "Already Added" elsewhere.
   */
  existing?: "hide" | "disable";
}

/**
 * The document picker's state: the standard catalogue (none checked), custom documents
 * added already checked, and the caps enforced as the broker ticks.
 */
export function useDocumentChecklist({ plan, existingNames = [], customerLimit, lockStandardAt, existing = "hide" }: ChecklistOptions = {}) {
  const has = (name: string) => existingNames.some((other) => sameName(other, name));
  const fresh = (): ChecklistEntry[] => STANDARD_DOCUMENTS.map((doc) => ({ ...doc, checked: false, custom: false }));
  const [state, setEntries] = useState<ChecklistEntry[]>(fresh);
  // Worked out on every render, so a document removed or requested while the picker is open
  // (the Edit Customer dialog) is offered again, or no longer, at once.
  const entries = state.flatMap((entry): ChecklistEntry[] => {
    if (entry.custom || !has(entry.name)) return [entry];
    return existing === "hide" ? [] : [{ ...entry, checked: false, alreadyAdded: true }];
  });

  const selected = entries.filter((entry) => entry.checked);
  const standardLocked = lockStandardAt !== undefined && standardSelectionLocked(existingNames.length, lockStandardAt);
  const max = customerLimit?.max ?? null;
  const requested = customerLimit?.current ?? 0;

  /** Toasts and returns false when one more document would break the plan's cap. */
  function roomForOneMore(): boolean {
    const error = plan ? perRequestError(plan, selected.length + 1) : null;
    if (error) toast({ title: limitMessages.documentLimitTitle, description: error, variant: "error" });
    return !error;
  }

  function setChecked(name: string, checked: boolean) {
    if (checked && !roomForOneMore()) return;
    setEntries((current) => current.map((entry) => (entry.name === name ? { ...entry, checked } : entry)));
  }

  /** Takes a document back: a custom one leaves the list, a standard one is unticked. */
  function remove(name: string) {
    setEntries((current) =>
      current.flatMap((entry) => (entry.name !== name ? [entry] : entry.custom ? [] : [{ ...entry, checked: false }])),
    );
  }

  /** Adds a custom document, checked. Returns true when it was added (so the field can be cleared). */
  function addCustom(rawName: string): boolean {
    const name = rawName.trim();
    if (!name) {
      toast({ title: "Document name required", description: "Please enter a document name.", variant: "error" });
      return false;
    }
    const taken = [...entries.map((entry) => entry.name), ...existingNames];
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

  /**
   * Starts from a checklist template (web/features/templates): its documents ticked with their
   * descriptions and rules, everything else cleared. Documents the customer already has are
   * skipped; beyond the plan's caps the rest are left out, with the plan's own words.
   * Returns how many were ticked.
   */
  function fill(docs: readonly { name: string; description: string; rules: AcceptanceRules | null }[], what = "the template's documents"): number {
    const wanted = docs.filter((d) => !has(d.name));
    const perRequest = plan ? getPlan(plan).perRequestLimit : null;
    const room = Math.min(perRequest ?? Infinity, max === null ? Infinity : Math.max(0, max - requested));
    const taken = wanted.slice(0, room);
    setEntries(() => {
      const next = fresh();
      for (const d of taken) {
        const standard = next.findIndex((entry) => sameName(entry.name, d.name));
        const filled = { name: d.name, description: d.description || CUSTOM_DOCUMENT_DESCRIPTION, checked: true, rules: d.rules };
        if (standard >= 0) next[standard] = { ...filled, name: next[standard]!.name, custom: false };
        else next.push({ ...filled, custom: true });
      }
      return next;
    });
    if (taken.length < wanted.length) {
      const error = max !== null && taken.length === max - requested ? perCustomerError(requested, wanted.length, max) : limitMessages.perRequest(perRequest);
      toast({ title: limitMessages.documentLimitTitle, description: `${error} ${wanted.length - taken.length} of ${what} were left out.`, variant: "error" });
    }
    return taken.length;
  }

  return {
    entries,
    selected,
    fill,
    /** True when no more documents fit (the Add button is disabled then). */
    isFull: (plan !== undefined && perRequestError(plan, selected.length + 1) !== null) || (max !== null && requested + selected.length >= max),
    /** Standard documents can no longer be ticked (those already ticked can be unticked). */
    standardLocked,
    isLocked: (entry: ChecklistEntry) => Boolean(entry.alreadyAdded) || (standardLocked && !entry.custom && !entry.checked),
    /** The per-customer refusal (SPEC 5 Document Limit Exceeded wording), or null. */
    overCustomerLimit: perCustomerError(requested, selected.length, max),
    /** The customer's total with this selection, and whether it comes within one of the cap (SPEC 5). */
    customerTotal: requested + selected.length,
    approachingCustomerLimit: approachesCap(requested + selected.length, max),
    setChecked,
    remove,
    addCustom,
    reset: () => setEntries(fresh()),
  };
}

export type DocumentChecklist = ReturnType<typeof useDocumentChecklist>;

/** The request-documents form of the selection: standard names, custom ones encoded. */
export function documentTypes(selected: readonly ChecklistEntry[]): string[] {
  // A template's standard document travels as a custom entry so its own description is kept.
  return selected.map((entry) => (entry.custom || entry.rules !== undefined ? encodeCustomDocument(entry.name, entry.description) : entry.name));
}

/** The rules of the selection, in documentTypes' order (null: the standard ones). */
export function acceptanceRules(selected: readonly ChecklistEntry[]): (AcceptanceRules | null)[] | undefined {
  return selected.some((entry) => entry.rules) ? selected.map((entry) => entry.rules ?? null) : undefined;
}

/** The create-customer form of the selection (SPEC 7: custom ones travel as custom:{name}:{description}). */
export function requiredDocuments(selected: readonly ChecklistEntry[]): { name: string; description?: string; acceptanceRules?: AcceptanceRules | null }[] {
  return selected.map((entry) => ({
    ...(entry.custom ? { name: encodeCustomDocument(entry.name, entry.description) } : { name: entry.name, description: entry.description }),
    ...(entry.rules ? { acceptanceRules: entry.rules } : {}),
  }));
}
