// SPEC 3 gives two loan-type lists: the creation dialog's and the one other forms use.

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

export const EDIT_LOAN_TYPES: LoanTypeOption[] = [
  { id: "purchase", label: "Purchase" },
  { id: "refinance", label: "Refinance" },
  { id: "cash-out-refinance", label: "Cash-Out Refinance" },
  { id: "construction", label: "Construction" },
  { id: "jumbo", label: "Jumbo" },
  { id: "va", label: "VA" },
  { id: "fha", label: "FHA" },
  { id: "conventional", label: "Conventional" },
];

/** The edit list plus the customer's current value if it comes from the other list (e.g. usda). */
export function editLoanTypeOptions(current: string | null | undefined): LoanTypeOption[] {
  if (!current || EDIT_LOAN_TYPES.some((option) => option.id === current)) return EDIT_LOAN_TYPES;
  const known = CREATE_LOAN_TYPES.find((option) => option.id === current);
  return [...EDIT_LOAN_TYPES, known ?? { id: current, label: current }];
}

export function loanTypeLabel(id: string | null | undefined): string {
  if (!id) return "Not specified";
  return [...EDIT_LOAN_TYPES, ...CREATE_LOAN_TYPES].find((option) => option.id === id)?.label ?? id;
}
