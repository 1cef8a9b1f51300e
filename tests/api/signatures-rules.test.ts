// The pure rules of signature requests (src/shared/signatures.ts), which the server and the web app
// both run: where fields may go, what a signer must fill in, and how a request's status moves.
import { describe, expect, test } from "bun:test";
import {
  fieldsProblem,
  MAX_FIELDS,
  MAX_TEXT_LENGTH,
  MAX_TYPED_SIGNATURE_LENGTH,
  nextSignatureStatus,
  signerNameProblem,
  signersProblem,
  SIGNATURE_STATUSES,
  type SignatureField,
  type SignatureStatus,
} from "../../src/shared/signatures.ts";
import { typedSignatureProblem, valuesProblem } from "../../src/shared/signing-faults.ts";

const field = (f: Partial<SignatureField> & Pick<SignatureField, "type">): SignatureField => ({
  page: 1,
  x: 0.1,
  y: 0.1,
  width: 0.3,
  height: 0.05,
  signer: 0,
  required: true,
  ...f,
});

describe("fieldsProblem", () => {
  const ok = [field({ type: "signature" }), field({ type: "signature", signer: 1, page: 2 })];

  test("accepts fields inside their pages, one signature field per signer", () => {
    expect(fieldsProblem(ok, { signerCount: 2, pageCount: 2 })).toBeNull();
    expect(fieldsProblem([field({ type: "signature", x: 0.7, width: 0.3, y: 0.95, height: 0.05 })], { signerCount: 1 })).toBeNull();
  });

  test.each([
    ["outside the page to the right", [field({ type: "signature", x: 0.8, width: 0.3 })], "Field 1 (Signature) reaches outside its page. Move it inside the page."],
    ["below the page", [field({ type: "signature", y: 0.99, height: 0.05 })], "Field 1 (Signature) reaches outside its page. Move it inside the page."],
    ["a negative x", [field({ type: "signature", x: -0.1 })], "Field 1 (Signature) must be placed with x, y, width and height as fractions of the page from 0 to 1."],
    ["not a number", [field({ type: "signature", width: Number.NaN })], "Field 1 (Signature) must be placed with x, y, width and height as fractions of the page from 0 to 1."],
    ["page 0", [field({ type: "signature", page: 0 })], "Field 1 (Signature) must be on a page numbered from 1."],
    ["past the last page", [field({ type: "signature", page: 3 })], "Field 1 (Signature) is on page 3, but the document has 2 pages."],
    ["too small", [field({ type: "signature", width: 0.001 })], "Field 1 (Signature) is too small to fill in. Make it larger."],
    ["an unknown signer", [field({ type: "signature" }), field({ type: "text", signer: 2 })], "Field 2 (Text) belongs to signer 3, but the request has 1 signer."],
    ["an unknown type", [field({ type: "stamp" as never })], "Field 1 has an unknown type. Use one of: signature, initials, date, name, text, checkbox."],
    ["no signature field for a signer", [field({ type: "text" })], "Signer 1 has no signature field. Place one for every signer."],
    ["no fields", [], "Place at least one field for a signer to fill."],
  ])("refuses a field %s", (_, fields, message) => {
    const signerCount = Math.max(1, ...fields.map((f) => (f.signer === 2 ? 1 : f.signer + 1)));
    expect(fieldsProblem(fields, { signerCount, pageCount: 2 })).toBe(message);
  });

  test("refuses more than the limit of fields", () => {
    const many = Array.from({ length: MAX_FIELDS + 1 }, () => field({ type: "signature" }));
    expect(fieldsProblem(many, { signerCount: 1 })).toBe(`A request can have at most ${MAX_FIELDS} fields.`);
  });
});

describe("signersProblem (the dialog's check and the server's, one rule)", () => {
  const customer = { email: "grace@example.com", name: "Grace Hopper" };
  test("accepts the customer first and others once each, emails in any case", () => {
    expect(signersProblem([{ ...customer, email: " Grace@Example.com " }, { email: "alan@example.com", name: "Alan Turing" }], "grace@example.com")).toBeNull();
  });
  test.each([
    ["none", [], "Add at least one signer."],
    ["someone else first", [{ email: "alan@example.com", name: "Alan Turing" }], "The first signer is the customer: use grace@example.com."],
    ["a bad email", [customer, { email: "not-an-address", name: "Alan Turing" }], "Signer 2's email is not a valid email address."],
    ["an email over 254 characters", [customer, { email: `${"a".repeat(250)}@example.com`, name: "Alan Turing" }], "Signer 2's email is not a valid email address."],
    ["an email twice", [customer, { email: "GRACE@example.com", name: "Grace Again" }], "grace@example.com is listed as a signer more than once."],
    ["a name left empty", [customer, { email: "alan@example.com", name: "  " }], "Signer 2's name is required."],
    ["a name the PDF cannot print", [customer, { email: "alan@example.com", name: "Алан" }], "Signer 2's name has characters the signed PDF cannot show: А л а н"],
  ])("refuses %s", (_, signers, message) => {
    expect(signersProblem(signers, "grace@example.com")).toBe(message);
  });
  test("names the signer without a signature field when the names are known", () => {
    expect(fieldsProblem([field({ type: "signature" })], { signerCount: 2, signerNames: ["Grace Hopper", " Alan Turing "] })).toBe("Alan Turing has no signature field. Place one for every signer.");
    expect(fieldsProblem([field({ type: "signature" })], { signerCount: 2, signerNames: ["Grace Hopper", ""] })).toBe("Signer 2 has no signature field. Place one for every signer.");
  });
});

describe("valuesProblem", () => {
  const fields = [
    field({ type: "signature" }),
    field({ type: "text" }),
    field({ type: "checkbox" }),
    field({ type: "text", required: false }),
    field({ type: "signature", signer: 1 }),
    field({ type: "text", signer: 1 }),
  ];

  test("accepts a signer's own values, optional ones left out", () => {
    expect(valuesProblem(fields, 0, { "1": "Policy 12", "2": true })).toBeNull();
    expect(valuesProblem(fields, 1, { "5": "Ok" })).toBeNull();
  });

  test.each([
    ["a required text left empty", { "1": "  ", "2": true }, "Field 2 (Text) is required. Fill it in to sign."],
    ["a required text missing", { "2": true }, "Field 2 (Text) is required. Fill it in to sign."],
    ["a required checkbox not ticked", { "1": "x", "2": false }, "Field 3 (Checkbox) is required. Tick it to sign."],
    ["text for a checkbox", { "1": "x", "2": "yes" }, "Field 3 (Checkbox) must be ticked or not (true or false)."],
    ["another signer's field", { "1": "x", "2": true, "5": "mine now" }, "Field 6 (Text) is for another signer."],
    ["a field that does not exist", { "1": "x", "2": true, "99": "x" }, "There is no field 99 in this document."],
    ["a value for the signature itself", { "0": "x", "1": "x", "2": true }, "Field 1 (Signature) is filled in for you; send no value for it."],
    ["too long a text", { "1": "x".repeat(MAX_TEXT_LENGTH + 1), "2": true }, `Field 2 (Text) can hold at most ${MAX_TEXT_LENGTH} characters.`],
    ["characters the PDF cannot show", { "1": "Łódź 東京", "2": true }, "Field 2 (Text) has characters the signed PDF cannot show: Ł ź 東 京"],
    ["a line break", { "1": "one\ntwo", "2": true }, "Field 2 (Text) must be one line of text, without line breaks or tabs."],
  ])("refuses %s", (_, values, message) => {
    expect(valuesProblem(fields, 0, values)).toBe(message);
  });

  test("Western European text is accepted as typed", () => {
    expect(valuesProblem(fields, 0, { "1": "Zoë Müller-Peña — 5 €", "2": true })).toBeNull();
  });
});

describe("names and typed signatures", () => {
  test("a signer's name must be printable on the certificate page", () => {
    expect(signerNameProblem("Zoë Müller", 0)).toBeNull();
    expect(signerNameProblem("  ", 1)).toBe("Signer 2's name is required.");
    expect(signerNameProblem("王小明", 0)).toBe("Signer 1's name has characters the signed PDF cannot show: 王 小 明");
  });

  test("a typed signature: present, not too long, printable", () => {
    expect(typedSignatureProblem("Ada Lovelace")).toBeNull();
    expect(typedSignatureProblem(" ")).toBe("Type your name to adopt a signature.");
    expect(typedSignatureProblem("A".repeat(MAX_TYPED_SIGNATURE_LENGTH + 1))).toBe(`A typed signature can hold at most ${MAX_TYPED_SIGNATURE_LENGTH} characters.`);
    expect(typedSignatureProblem("Ada\u202eecalevoL")).toBe("Your typed signature has characters the signed PDF cannot show: \u202e");
  });
});

describe("nextSignatureStatus", () => {
  test("a request moves sent → viewed → partially signed → completed", () => {
    expect(nextSignatureStatus("sent", { type: "viewed" })).toEqual({ status: "viewed" });
    expect(nextSignatureStatus("viewed", { type: "viewed" })).toEqual({ status: "viewed" });
    expect(nextSignatureStatus("viewed", { type: "signed", signedCount: 1, signerCount: 2 })).toEqual({ status: "partially_signed" });
    expect(nextSignatureStatus("partially_signed", { type: "viewed" })).toEqual({ status: "partially_signed" });
    expect(nextSignatureStatus("partially_signed", { type: "signed", signedCount: 2, signerCount: 2 })).toEqual({ status: "completed" });
    expect(nextSignatureStatus("sent", { type: "signed", signedCount: 1, signerCount: 1 })).toEqual({ status: "completed" });
  });

  test("an open request can be declined or voided", () => {
    for (const status of ["sent", "viewed", "partially_signed"] as const) {
      expect(nextSignatureStatus(status, { type: "declined" })).toEqual({ status: "declined" });
      expect(nextSignatureStatus(status, { type: "voided" })).toEqual({ status: "voided" });
    }
  });

  test("a finished request changes no more, with a message", () => {
    const finished: SignatureStatus[] = ["completed", "declined", "voided"];
    for (const status of finished) {
      for (const event of [{ type: "viewed" }, { type: "signed", signedCount: 1, signerCount: 1 }, { type: "declined" }, { type: "voided" }] as const) {
        expect(nextSignatureStatus(status, event)).toEqual({ error: expect.stringContaining("can no longer change") });
      }
    }
    expect(nextSignatureStatus("voided", { type: "viewed" })).toEqual({ error: "This signature request is voided; it can no longer change." });
    // A failed seal is not the end: the broker tries again, or voids it.
    expect(SIGNATURE_STATUSES.filter((s) => !finished.includes(s))).toEqual(["sent", "viewed", "partially_signed", "seal_failed"]);
    expect(nextSignatureStatus("seal_failed", { type: "voided" })).toEqual({ status: "voided" });
  });

  test("signing once more than there are signers is refused", () => {
    expect(nextSignatureStatus("partially_signed", { type: "signed", signedCount: 3, signerCount: 2 })).toEqual({ error: "Every signer has already signed this document." });
  });
});
