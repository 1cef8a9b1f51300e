// A signer's refusal in the page's language: the server's code and values (src/shared/signing-faults.ts)
// looked up in the catalog's `signing.faults`, so the screen never shows the API's English message.
import type { FieldType } from "@shared/signatures";
import { isSigningFaultCode, type SigningFault } from "@shared/signing-faults";
import { ApiError } from "../../api/client";
import type { Translate } from "../../lib/i18n/store";

export function faultText(t: Translate, fault: SigningFault): string {
  const values: Record<string, string | number> = { ...fault.values };
  // A field is named as the signer reads it: "Field 2 (Text)" / "Campo 2 (Texto)".
  if ("fieldType" in values) values.field = t("signing.fieldName", { number: values.field!, type: t(`signing.fieldTypes.${values.fieldType as FieldType}`) });
  return t(`signing.faults.${fault.code}`, values);
}

/**
 * What a failed signing call says: a known refusal in the page's language; another 4xx the
 * server's own words (a request the screen would not send); no answer or a 5xx, that the service
 * is unavailable.
 */
export function signingErrorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError && isSigningFaultCode(error.reason?.code)) return faultText(t, { code: error.reason.code, values: error.reason.values } as SigningFault);
  if (error instanceof ApiError && error.status < 500 && error.fromServer) return error.message;
  return t("signing.unavailable");
}
