// What the signing screen decides without the server: this signer's fields in reading order, what
// each field shows before signing, whether Finish may be pressed, and the body it sends. The value
// rules themselves are the server's (src/shared/signatures.ts), so the button and the server never
// disagree about what is missing.
import { initialsOf, type FieldValues, type SignatureField } from "@shared/signatures";
import { typedSignatureFault, valuesFault, type SigningFault } from "@shared/signing-faults";
import type { Translate } from "../../lib/i18n/store";
import { browserTimeZone } from "../../lib/time-zone";
import type { SignBody } from "./api";

/** One of this signer's fields, with its index in the request (the key of its value). */
export interface MyField {
  index: number;
  field: SignatureField;
}

/** This signer's fields in the order a reader meets them: page by page, top to bottom, left to right. */
export function myFields(fields: readonly SignatureField[], signer: number): MyField[] {
  return fields
    .map((field, index) => ({ index, field }))
    .filter(({ field }) => field.signer === signer)
    .sort((a, b) => a.field.page - b.field.page || a.field.y - b.field.y || a.field.x - b.field.x);
}

/** "Signature, page 2, required": how a field is announced and labelled. */
export const fieldLabel = (t: Translate, { field }: MyField) =>
  t(field.required ? "signing.fieldLabelRequired" : "signing.fieldLabel", { type: t(`signing.fieldTypes.${field.type}`), page: field.page });

/** The values a signer starts with: initials from their name, boxes unticked, text empty. */
export function initialValues(mine: readonly MyField[], name: string): FieldValues {
  const values: FieldValues = {};
  for (const { index, field } of mine) {
    if (field.type === "initials") values[index] = initialsOf(name);
    else if (field.type === "checkbox") values[index] = false;
    else if (field.type === "text") values[index] = "";
  }
  return values;
}

/** The adopted signature: typed (the name in a script face) or drawn (a PNG data URL, null until drawn). */
export type Adopted = { type: "typed"; text: string } | { type: "drawn"; png: string | null };

/** Whether a field still needs something from the signer (the portal fills date and name itself). */
export function isMissing({ index, field }: MyField, values: FieldValues, adopted: Adopted): boolean {
  if (field.type === "signature") return adoptionProblem(adopted) !== null;
  if (!field.required) return false;
  if (field.type === "checkbox") return values[index] !== true;
  if (field.type === "text" || field.type === "initials") return String(values[index] ?? "").trim() === "";
  return false;
}

function adoptionProblem(adopted: Adopted): SigningFault | null {
  if (adopted.type === "typed") return typedSignatureFault(adopted.text);
  return adopted.png ? null : { code: "drawNeeded" };
}

/** Why Finish cannot be pressed yet, or null: the signature, then the fields, then consent (said with faultText). */
export function finishProblem(input: { fields: readonly SignatureField[]; signer: number; values: FieldValues; adopted: Adopted; consent: boolean }): SigningFault | null {
  return (
    adoptionProblem(input.adopted) ??
    valuesFault(input.fields, input.signer, sentValues(input.fields, input.signer, input.values)) ??
    (input.consent ? null : { code: "consentRequired" })
  );
}

/** Only the fields the signer fills themselves, and a text left empty is not sent. */
function sentValues(fields: readonly SignatureField[], signer: number, values: FieldValues): FieldValues {
  const sent: FieldValues = {};
  for (const { index, field } of myFields(fields, signer)) {
    const value = values[index];
    if (field.type === "checkbox") sent[index] = value === true;
    else if ((field.type === "text" || field.type === "initials") && typeof value === "string" && value.trim()) sent[index] = value.trim();
  }
  return sent;
}

/** The body of POST …/sign (DESIGN.md 3b). */
export function signBody(input: { fields: readonly SignatureField[]; signer: number; values: FieldValues; adopted: Adopted }): SignBody {
  const { adopted } = input;
  return {
    consent: true,
    signature: adopted.type === "typed" ? { type: "typed", text: adopted.text.trim() } : { type: "drawn", png: adopted.png ?? "" },
    values: sentValues(input.fields, input.signer, input.values),
    timeZone: browserTimeZone(),
  };
}
