// What a signer can be told no about (their values, their signature, the request's state), as a
// code with values rather than words: the server answers with the code beside its English
// `message` (API clients read that), and the signing screen says the code in the page's language
// (catalog section `signing.faults`, whose English is these words: tests/api/i18n-signing.test.ts).
// The rules are the ones the server enforces; the screen checks them before Finish, so the two
// never disagree about what is missing.
import {
  EVERYONE_SIGNED,
  FIELD_LABELS,
  finishedMessage,
  FILLED_BY_PORTAL,
  isFinished,
  MAX_DRAWN_SIGNATURE_BYTES,
  MAX_DRAWN_SIGNATURE_SIDE,
  MAX_INITIALS_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TYPED_SIGNATURE_LENGTH,
  printableFault,
  signatureMessages,
  type FieldType,
  type FieldValues,
  type SignatureField,
  type SignatureStatus,
} from "./signatures.ts";

/** A field a fault is about: its number as a person counts (1-based) and its type. */
type FieldRef = {
  field: number;
  fieldType: FieldType;
};

export type SigningFault =
  | {
      code:
        | "consentRequired"
        | "notYourTurn"
        | "alreadySigned"
        | "alreadyDeclined"
        | "pastDue"
        | "notPng"
        | "declineReasonRequired"
        | "withdrawn"
        | "everyoneSigned"
        | "linkNotValid"
        | "requestNotFound"
        | "typedEmpty"
        | "typedOneLine"
        | "drawNeeded";
      values?: undefined;
    }
  | { code: "drawnTooLarge"; values: { kb: number; side: number } }
  | { code: "finished"; values: { status: SignatureStatus } }
  | { code: "noSuchField"; values: { key: string } }
  | { code: "otherSigner" | "filledForYou" | "tickOrNot" | "tickRequired" | "mustBeText" | "fillRequired" | "fieldOneLine"; values: FieldRef }
  | { code: "fieldTooLong"; values: FieldRef & { max: number } }
  | { code: "fieldUnprintable"; values: FieldRef & { chars: string } }
  | { code: "typedTooLong"; values: { max: number } }
  | { code: "typedUnprintable"; values: { chars: string } };

export type SigningFaultCode = SigningFault["code"];
type Values<C extends SigningFaultCode> = NonNullable<Extract<SigningFault, { code: C }>["values"]>;

const named = (v: FieldRef) => `Field ${v.field} (${FIELD_LABELS[v.fieldType]})`;

/** Each fault in English: the server's `message`, and the English catalog's words for the code. */
const ENGLISH: { [C in SigningFaultCode]: (values: Values<C>) => string } = {
  consentRequired: () => signatureMessages.consentRequired,
  notYourTurn: () => signatureMessages.notYourTurn,
  alreadySigned: () => signatureMessages.alreadySigned,
  alreadyDeclined: () => signatureMessages.alreadyDeclined,
  pastDue: () => signatureMessages.pastDue,
  notPng: () => signatureMessages.notPng,
  drawnTooLarge: () => signatureMessages.drawnTooLarge,
  declineReasonRequired: () => signatureMessages.declineReasonRequired,
  withdrawn: () => signatureMessages.withdrawn,
  everyoneSigned: () => EVERYONE_SIGNED,
  linkNotValid: () => "This signing link is not valid. Ask the sender for a new one.",
  requestNotFound: () => "Signature request not found",
  finished: (v) => finishedMessage(v.status),
  noSuchField: (v) => `There is no field ${v.key} in this document.`,
  otherSigner: (v) => `${named(v)} is for another signer.`,
  filledForYou: (v) => `${named(v)} is filled in for you; send no value for it.`,
  tickOrNot: (v) => `${named(v)} must be ticked or not (true or false).`,
  tickRequired: (v) => `${named(v)} is required. Tick it to sign.`,
  mustBeText: (v) => `${named(v)} must be text.`,
  fillRequired: (v) => `${named(v)} is required. Fill it in to sign.`,
  fieldTooLong: (v) => `${named(v)} can hold at most ${v.max} characters.`,
  fieldOneLine: (v) => `${named(v)} must be one line of text, without line breaks or tabs.`,
  fieldUnprintable: (v) => `${named(v)} has characters the signed PDF cannot show: ${v.chars}`,
  typedEmpty: () => "Type your name to adopt a signature.",
  typedTooLong: (v) => `A typed signature can hold at most ${v.max} characters.`,
  typedOneLine: () => "Your typed signature must be one line of text, without line breaks or tabs.",
  typedUnprintable: (v) => `Your typed signature has characters the signed PDF cannot show: ${v.chars}`,
  drawNeeded: () => "Draw your signature, or choose Type to type it.",
};

export const SIGNING_FAULT_CODES = Object.keys(ENGLISH) as SigningFaultCode[];
export const isSigningFaultCode = (code: unknown): code is SigningFaultCode => typeof code === "string" && Object.prototype.hasOwnProperty.call(ENGLISH, code);

export function englishFault(fault: SigningFault): string {
  return (ENGLISH[fault.code] as (values: SigningFault["values"]) => string)(fault.values);
}

export const drawnTooLarge: SigningFault = { code: "drawnTooLarge", values: { kb: MAX_DRAWN_SIGNATURE_BYTES / 1024, side: MAX_DRAWN_SIGNATURE_SIDE } };

/** A request that did not move: finished, or (signing) everyone had signed already. */
export const transitionFault = (status: SignatureStatus): SigningFault => (isFinished(status) ? { code: "finished", values: { status } } : { code: "everyoneSigned" });

/**
 * Why one signer's values cannot be accepted, or null. Values are keyed by the field's index in
 * the request; a value for another signer's field, or for a field the portal fills itself, is
 * refused rather than ignored, so what is sealed is exactly what was sent.
 */
export function valuesFault(fields: readonly SignatureField[], signer: number, values: FieldValues): SigningFault | null {
  const ref = (index: number, field: SignatureField): FieldRef => ({ field: index + 1, fieldType: field.type });
  for (const key of Object.keys(values)) {
    const index = /^\d{1,4}$/.test(key) ? Number(key) : -1;
    const field = fields[index];
    if (!field) return { code: "noSuchField", values: { key } };
    if (field.signer !== signer) return { code: "otherSigner", values: ref(index, field) };
    if (FILLED_BY_PORTAL.has(field.type)) return { code: "filledForYou", values: ref(index, field) };
  }
  for (const [i, field] of fields.entries()) {
    if (field.signer !== signer || FILLED_BY_PORTAL.has(field.type)) continue;
    const value = values[String(i)];
    if (field.type === "checkbox") {
      if (value !== undefined && typeof value !== "boolean") return { code: "tickOrNot", values: ref(i, field) };
      if (field.required && value !== true) return { code: "tickRequired", values: ref(i, field) };
      continue;
    }
    if (value !== undefined && typeof value !== "string") return { code: "mustBeText", values: ref(i, field) };
    const text = (value ?? "").trim();
    if (field.required && text === "") return { code: "fillRequired", values: ref(i, field) };
    const max = field.type === "initials" ? MAX_INITIALS_LENGTH : MAX_TEXT_LENGTH;
    if (text.length > max) return { code: "fieldTooLong", values: { ...ref(i, field), max } };
    const printable = printableFault(text);
    if (printable) return printable.kind === "oneLine" ? { code: "fieldOneLine", values: ref(i, field) } : { code: "fieldUnprintable", values: { ...ref(i, field), chars: printable.chars } };
  }
  return null;
}

/** A signature adopted by typing: the signer's name as they write it. */
export function typedSignatureFault(text: string): SigningFault | null {
  if (!text.trim()) return { code: "typedEmpty" };
  if (text.length > MAX_TYPED_SIGNATURE_LENGTH) return { code: "typedTooLong", values: { max: MAX_TYPED_SIGNATURE_LENGTH } };
  const printable = printableFault(text);
  if (!printable) return null;
  return printable.kind === "oneLine" ? { code: "typedOneLine" } : { code: "typedUnprintable", values: { chars: printable.chars } };
}

const inEnglish = (fault: SigningFault | null) => (fault ? englishFault(fault) : null);
/** valuesFault in English (the seal's check, the broker's reading). */
export const valuesProblem = (fields: readonly SignatureField[], signer: number, values: FieldValues) => inEnglish(valuesFault(fields, signer, values));
export const typedSignatureProblem = (text: string) => inEnglish(typedSignatureFault(text));
