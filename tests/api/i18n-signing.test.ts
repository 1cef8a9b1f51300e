// The signing screen's words (catalog section `signing`): a signer's refusals in English are the
// server's `message` word for word (src/shared/signing-faults.ts), so the screen and an API client
// read the same; Spanish has each of them, its values filled in; the consent ticked is the one the
// server records.
import { expect, test } from "bun:test";
import { SIGNING_CONSENT_TEXT, SIGNATURE_STATUSES, type SignatureStatus } from "../../src/shared/signatures";
import { englishFault, SIGNING_FAULT_CODES, transitionFault, type SigningFault } from "../../src/shared/signing-faults";
import { translate } from "../../src/shared/i18n/translate";
import { faultText } from "../../web/features/signing/fault-text";

const text = { field: 2, fieldType: "text" } as const;
/** One of each refusal, with values. */
const SAMPLES: SigningFault[] = [
  ...(["consentRequired", "notYourTurn", "alreadySigned", "alreadyDeclined", "pastDue", "notPng", "declineReasonRequired", "withdrawn", "everyoneSigned", "linkNotValid", "requestNotFound", "typedEmpty", "typedOneLine", "drawNeeded"] as const).map((code) => ({ code })),
  { code: "drawnTooLarge", values: { kb: 256, side: 3000 } },
  ...(["completed", "declined", "voided"] as SignatureStatus[]).map((status) => transitionFault(status)),
  { code: "noSuchField", values: { key: "99" } },
  ...(["otherSigner", "filledForYou", "tickOrNot", "tickRequired", "mustBeText", "fillRequired", "fieldOneLine"] as const).map((code) => ({ code, values: text })),
  { code: "fillRequired", values: { field: 3, fieldType: "checkbox" } },
  { code: "fieldTooLong", values: { ...text, max: 200 } },
  { code: "fieldUnprintable", values: { ...text, chars: "Ł ź" } },
  { code: "typedTooLong", values: { max: 100 } },
  { code: "typedUnprintable", values: { chars: "東 京" } },
];

const say = (language: "en" | "es") => (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate(language, key, values);

test("the samples cover every refusal", () => {
  expect([...new Set(SAMPLES.map((f) => f.code))].sort()).toEqual([...SIGNING_FAULT_CODES].sort());
});

test.each(SAMPLES.map((fault) => [`${fault.code} ${JSON.stringify(fault.values ?? {})}`, fault] as const))("English %s is the server's message", (_, fault) => {
  expect(faultText(say("en"), fault)).toBe(englishFault(fault));
});

test.each(SAMPLES.map((fault) => [`${fault.code} ${JSON.stringify(fault.values ?? {})}`, fault] as const))("Spanish %s is written, its values filled", (_, fault) => {
  const spanish = faultText(say("es"), fault);
  expect(spanish).not.toBe(englishFault(fault));
  expect(spanish).not.toMatch(/[{}]/);
  for (const value of Object.values(fault.values ?? {})) if (typeof value === "string" && !/^[a-z]+$/.test(value)) expect(spanish).toContain(value);
});

test("a field is named in the signer's language; a finished request's status too", () => {
  expect(faultText(say("es"), { code: "fillRequired", values: text })).toBe("Campo 2 (Texto) es obligatorio. Llénelo para firmar.");
  expect(faultText(say("es"), transitionFault("voided"))).toBe("Esta solicitud de firma fue anulada; ya no puede cambiar.");
  expect(SIGNATURE_STATUSES.filter((s) => transitionFault(s).code === "finished")).toEqual(["completed", "declined", "voided"]);
});

test("the consent the screen shows in English is the one the server records", () => {
  expect(translate("en", "signing.consentText")).toBe(SIGNING_CONSENT_TEXT);
  expect(translate("es", "signing.consentText")).toContain("firmar este documento de forma electrónica");
});
