// A signer's refusal as the API answers it: the status, the English message, and the fault's code
// and values, which the signing screen says in the page's language (src/shared/signing-faults.ts).
import { AppError, type AppErrorCode } from "../../lib/errors.ts";
import { englishFault, type SigningFault, type SigningFaultCode } from "../../shared/signing-faults.ts";

/** What the signer sent cannot be used (400); the link or request is unknown (404); anything else is the request's state (409). */
const BAD_INPUT: ReadonlySet<SigningFaultCode> = new Set([
  "consentRequired",
  "notPng",
  "drawnTooLarge",
  "declineReasonRequired",
  "noSuchField",
  "otherSigner",
  "filledForYou",
  "tickOrNot",
  "tickRequired",
  "mustBeText",
  "fillRequired",
  "fieldTooLong",
  "fieldOneLine",
  "fieldUnprintable",
  "typedEmpty",
  "typedTooLong",
  "typedOneLine",
  "typedUnprintable",
  "drawNeeded",
]);
const NOT_FOUND: ReadonlySet<SigningFaultCode> = new Set(["linkNotValid", "requestNotFound"]);

export function signerFault(fault: SigningFault): AppError {
  const status: AppErrorCode = BAD_INPUT.has(fault.code) ? "bad_request" : NOT_FOUND.has(fault.code) ? "not_found" : "conflict";
  return new AppError(status, englishFault(fault), { reason: { code: fault.code, ...(fault.values ? { values: fault.values } : {}) } });
}
