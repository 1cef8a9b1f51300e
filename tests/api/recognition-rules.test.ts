// Recognition's rules (src/shared/recognition, issue 42): the kind and confidence from text, the
// dates and their roles, the holder's name and the match against the customer's, and the verdict
// with its plain-words messages. Pure functions on text; the real documents are read in
// recognition-reading.test.ts.
import { describe, expect, test } from "bun:test";
import { classifyText, RECOGNISED_CONFIDENCE, WARN_CONFIDENCE } from "../../src/shared/recognition/classify.ts";
import { findDates } from "../../src/shared/recognition/dates.ts";
import { describeRecognition } from "../../src/shared/recognition/describe.ts";
import { DOCUMENT_KINDS, kindForRequest } from "../../src/shared/recognition/kinds.ts";
import { findHolderName, namesMatch } from "../../src/shared/recognition/names.ts";
import { recognitionRulesFor, type RecognitionRules } from "../../src/shared/recognition/rules.ts";
import { normaliseText } from "../../src/shared/recognition/text.ts";
import { recognise } from "../../src/shared/recognition/verdict.ts";
import { READY_MADE_TEMPLATES } from "../../src/shared/checklist-templates.ts";
import { STANDARD_DOCUMENTS } from "../../src/shared/documents.ts";
import { EVERY_KIND_AT_ONCE, KIND_TEXTS, NOT_THE_KIND_TEXTS, THE_KIND_TOO_TEXTS, UNRELATED_TEXTS } from "../files/recognition-texts.ts";

const classify = (text: string) => classifyText(normaliseText(text));
const NOW = new Date("2025-11-20T12:00:00Z");
const verdictFor = (text: string, documentName: string, customerName: string | null = "Jane Doe", rules?: Partial<RecognitionRules>) =>
  recognise({ text, documentName, customerName, now: NOW, rules: { ...recognitionRulesFor(documentName), ...rules } });

describe("the kind of a text", () => {
  test.each(DOCUMENT_KINDS.map((kind) => [kind]))("%s: recognised, sure enough to warn", (kind) => {
    const result = classify(KIND_TEXTS[kind]);
    expect(result.kind).toBe(kind);
    expect(result.confidence).toBeGreaterThanOrEqual(WARN_CONFIDENCE);
  });

  test.each(Object.entries(UNRELATED_TEXTS))("unrelated text (%s) is no kind", (_, text) => {
    expect(classify(text).kind).toBeNull();
  });

  test("text written to look like every kind at once is no kind, not whichever came first", () => {
    const result = classify(EVERY_KIND_AT_ONCE);
    expect(result.kind).toBeNull();
    expect(result.confidence).toBeLessThan(RECOGNISED_CONFIDENCE);
  });

  test("a 1040 that asks to attach Form(s) W-2 is a tax return, and a W-2 is not one", () => {
    expect(classify(KIND_TEXTS.tax_return).scores.find((s) => s.kind === "w2")?.score ?? 0).toBeLessThan(5);
    expect(classify(KIND_TEXTS.w2).scores.find((s) => s.kind === "tax_return")?.score ?? 0).toBeLessThan(5);
  });
});

describe("near neighbours: a form in another's layout", () => {
  // A blank W-3 was warned as a W-2 at 0.95 (the corpus's held-out part): the same boxes, its own title.
  test.each(Object.entries(NOT_THE_KIND_TEXTS))("%s is not warned as the kind it resembles", (_, text) => {
    const result = classify(text);
    expect({ kind: result.kind, warns: result.confidence >= WARN_CONFIDENCE }).toEqual({ kind: null, warns: false });
  });

  test.each(Object.entries(THE_KIND_TOO_TEXTS))("%s is still its kind", (_, { kind, text }) => {
    const result = classify(text);
    expect(result.kind).toBe(kind);
    expect(result.confidence).toBeGreaterThanOrEqual(WARN_CONFIDENCE);
  });
});

describe("the kind a request asks for", () => {
  test("every standard document of SPEC section 3 asks for its kind", () => {
    const asked = Object.fromEntries(STANDARD_DOCUMENTS.map((d) => [d.name, kindForRequest(d.name)]));
    expect(asked).toEqual({
      Paystub: "paystub",
      "Bank Statement": "bank_statement",
      "Tax Returns": "tax_return",
      "Photo ID": "photo_id",
      "Employment Letter": "employment_letter",
      "Credit Report": "credit_report",
      "Asset Statements": "asset_statement",
      "Insurance Declaration": "insurance_declaration",
      "Property Appraisal": "appraisal",
      "Purchase Agreement": "purchase_agreement",
    });
  });

  test("the templates' documents ask for theirs; the ones no kind covers ask for none", () => {
    const names = [...new Set(READY_MADE_TEMPLATES.flatMap((t) => t.documents.map((d) => d.name)))];
    const asked = Object.fromEntries(names.map((name) => [name, kindForRequest(name)]));
    expect(asked).toMatchObject({
      "W-2 Forms": "w2",
      "Mortgage Statement": "mortgage_statement",
      "Property Tax Bill": "property_tax_bill",
      "Social Security Card": "social_security_card",
      "VA Certificate of Eligibility or DD-214": "va_eligibility",
      "Earnest Money Receipt": null,
      "Damage Photos": null,
      "Landlord Reference": null,
    });
    expect(kindForRequest("1099s from every client")).toBe("form_1099");
    expect(kindForRequest("Driver's licence")).toBe("photo_id");
    expect(kindForRequest("Utility bill (proof of address)")).toBe("utility_bill");
  });
});

describe("dates and their roles", () => {
  const roles = (text: string) => findDates(normaliseText(text)).filter((d) => d.role !== "other");

  test("a paystub's pay period and pay date, a statement's period, a tax form's year, an ID's dates", () => {
    expect(roles(KIND_TEXTS.paystub)).toEqual([
      { role: "period_start", date: "2025-10-27" },
      { role: "period_end", date: "2025-11-09" },
      { role: "pay_date", date: "2025-11-14" },
    ]);
    expect(roles(KIND_TEXTS.bank_statement)).toEqual([
      { role: "statement_start", date: "2025-10-01" },
      { role: "statement_end", date: "2025-10-31" },
    ]);
    expect(roles(KIND_TEXTS.w2)).toEqual([{ role: "tax_year", date: "2024-12-31" }]);
    expect(roles(KIND_TEXTS.photo_id)).toEqual([
      { role: "birth", date: "1988-03-14" },
      { role: "issued", date: "2022-06-02" },
      { role: "expiry", date: "2030-03-14" },
    ]);
  });

  test("the spellings documents use, day-first only when the first number cannot be a month", () => {
    const dates = findDates(normaliseText("3 March 2025\nMar. 4, 2025\n2025-03-05\n03/06/2025\n13/03/2025\n01AUG2018\n31 February 2025")).map((d) => d.date);
    expect(dates).toEqual(["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06", "2025-03-13", "2018-08-01"]);
  });

  test("two-digit years: a licence's birth year 57 is 1957, its expiry 30 is 2030", () => {
    expect(roles("3 DOB 02/01/57   4b EXP 02/01/30")).toEqual([
      { role: "birth", date: "1957-02-01" },
      { role: "expiry", date: "2030-02-01" },
    ]);
  });

  test("a label over its value (a form's box) names the value on the next line", () => {
    expect(roles("Statement Date:\nJune 5, 2003")).toEqual([{ role: "statement_end", date: "2003-06-05" }]);
  });

  test("a table's header of labels names the dates that start the line under it (found in the corpus's statements)", () => {
    expect(roles("Statement period   Account No.\n2025-01-01 to 2025-02-28   123-678-543")).toEqual([
      { role: "statement_start", date: "2025-01-01" },
      { role: "statement_end", date: "2025-02-28" },
    ]);
    // Under a line with dates of its own, or after words on its own line, a date keeps its own label.
    expect(roles("Pay date 02/10/2025\n03/01/2025 bonus")).toEqual([{ role: "pay_date", date: "2025-02-10" }]);
    expect(roles("Statement period\nOpened 2025-01-01")).toEqual([]);
  });
});

describe("shapes the real corpus showed (tests/files/recognition): general rules, not one file's words", () => {
  // As pdf.js reads the corpus's generated statements: transactions dated "jan-05-25", a header
  // over the amounts, and one line that mentions a tax form.
  const STATEMENT = [
    "Community Bank",
    "Account holder: Pat Example",
    "Statement period   Account No.",
    "2025-01-01 to 2025-02-28   123-678-543",
    "Date   Description   Withdrawals   Deposits   Balance",
    "jan-01-25   Opening balance   -   -   720.25",
    "jan-05-25   Payroll deposit - ACME   -   6296.67   7016.92",
    "jan-10-25   Rent - Central Properties   1040.00   -   5976.92",
    "feb-01-25   Payroll deposit - ACME   -   7296.67   12115.28",
    "feb-20-25   Tax refund deposit (Form 1040)   -   927.80   13143.08",
    "feb-28-25   Monthly service fee   5.00   -   13498.08",
  ].join("\n");

  test("a statement whose lines read 'jan-05-25' and that mentions Form 1040 is a bank statement, sure enough to warn", () => {
    const result = classify(STATEMENT);
    expect(result).toMatchObject({ kind: "bank_statement" });
    expect(result.confidence).toBeGreaterThanOrEqual(WARN_CONFIDENCE);
    expect(verdictFor(STATEMENT, "Tax Returns").messages).toEqual(["This looks like a bank statement; your broker asked for a tax return"]);
  });

  test("a 1099 whose instructions send the recipient to Form 1040 is a 1099, not a tax return", () => {
    const form1099 = [
      // pdf.js splits the form's title over two lines, as in the corpus's blank 1099-MISC.
      "Form 1099-MISC 2012 Miscellaneous",
      "Income",
      "PAYER'S name, street address, city, state, ZIP code",
      "RECIPIENT'S identification number",
      "7 Nonemployee compensation",
      "Copy B For Recipient",
      "Instructions for Recipient",
      "report it on Form 1040, line 21 (or Form 1040NR, line 21).",
      "Form 1040 instructions.",
      "compute your SE tax on Schedule SE (Form 1040). Taxable income",
    ].join("\n");
    const result = classify(form1099);
    expect(result.kind).toBe("form_1099");
    expect(result.confidence).toBeGreaterThanOrEqual(WARN_CONFIDENCE);
  });

  test("an ID card that OCR read little of but its machine-readable lines is a photo ID", () => {
    const card = ["ESPANA", "DOCUMENTO NACIONAL DE IDENTIDAD", "IDESPBAB1834284<44282767Q0<<<<", "8001010F1301017ESP<<<<<<<<<<<3", "MUESTRA<MUESTRA<<CARMEN<<<<<<<"].join("\n");
    const result = classify(card);
    expect(result.kind).toBe("photo_id");
    expect(result.confidence).toBeGreaterThanOrEqual(WARN_CONFIDENCE);
  });

  test("an energy statement's delivery charges make a utility bill, sure enough to warn", () => {
    const bill = [
      "ENERGY STATEMENT Account No: 1234567890-1",
      "Statement Date: 09/07/2024",
      "Due Date: 09/28/2024",
      "Service For: Your Account Summary",
      "Amount Due on Previous Statement $91.57",
      "Current Electric Delivery Charges $56.66",
      "Current Gas Charges $31.20",
      "Total Amount Due $87.86",
    ].join("\n");
    const result = classify(bill);
    expect(result.kind).toBe("utility_bill");
    expect(result.confidence).toBeGreaterThanOrEqual(WARN_CONFIDENCE);
  });
});

describe("the holder's name and the customer's", () => {
  test("found after the labels documents print, in an ID's numbered fields and a passport's machine line", () => {
    expect(findHolderName(KIND_TEXTS.paystub)).toBe("Jane Q. Doe");
    expect(findHolderName(KIND_TEXTS.w2)).toBe("Jane Q. Doe");
    expect(findHolderName(KIND_TEXTS.photo_id)).toBe("JANE QUINN DOE");
    expect(findHolderName(KIND_TEXTS.employment_letter)).toBe("Jane Q. Doe");
    expect(findHolderName("PASSPORT\nP<GBRPUDARSAN<<HENERT<<<<<<<<<<<<<<<<<<<<<<<<\n7077979792GBR9505209M1704224<<<<<<<<<<<<<<00")).toBe("HENERT PUDARSAN");
    expect(findHolderName("c Employer's name, address, and ZIP code\nACME WIDGETS INC")).toBeNull();
  });

  test("the same person despite case, accents, middle names, initials and order", () => {
    expect(namesMatch("JANE QUINN DOE", "Jane Doe")).toBe(true);
    expect(namesMatch("Jane Q. Doe", "jane doe")).toBe(true);
    expect(namesMatch("DOE, JANE Q", "Jane Doe")).toBe(true);
    expect(namesMatch("J. Doe", "Jane Doe")).toBe(true);
    expect(namesMatch("JOSE GARCIA LOPEZ", "José García")).toBe(true);
    expect(namesMatch("Müller, Zoë", "Zoe Muller")).toBe(true);
    expect(namesMatch("PUDARSAN HENERT", "Henert Pudarsan")).toBe(true);
  });

  test("another person, even of the same family, is not a match; nothing to compare is null", () => {
    expect(namesMatch("John Doe", "Jane Doe")).toBe(false);
    expect(namesMatch("Jane Smith", "Jane Doe")).toBe(false);
    expect(namesMatch(null, "Jane Doe")).toBeNull();
    expect(namesMatch("Jane Doe", "")).toBeNull();
  });
});

describe("the verdict for a request", () => {
  test("the document asked for, recent, in the customer's name: ok, nothing to say", () => {
    const r = verdictFor(KIND_TEXTS.paystub, "Paystub");
    expect(r).toMatchObject({ kind: "paystub", holderName: "Jane Q. Doe", nameMatches: true, verdict: "ok", messages: [] });
    expect(describeRecognition(r, NOW)).toBe("Looks like: Paystub, pay date 14 Nov, name matches");
  });

  test("another kind: the issue's words, and the request's setting decides warn or refuse", () => {
    const warned = verdictFor(KIND_TEXTS.bank_statement, "Paystub");
    expect(warned.verdict).toBe("warn");
    expect(warned.messages).toEqual(["This looks like a bank statement; your broker asked for a paystub"]);
    expect(verdictFor(KIND_TEXTS.bank_statement, "Paystub", "Jane Doe", { onMismatch: "refuse" }).verdict).toBe("refuse");
    expect(verdictFor(KIND_TEXTS.employment_letter, "W-2 Forms").messages).toEqual(["This looks like an employment letter; your broker asked for a W-2 form"]);
  });

  test("too old: the statement's end date against the request's maximum age", () => {
    const r = verdictFor(KIND_TEXTS.bank_statement.replace("October 31, 2025", "March 3, 2025"), "Bank Statement", "Jane Doe");
    expect(r.verdict).toBe("warn");
    expect(r.messages).toEqual(["This statement ends on 3 March; your broker asked for one from the last 60 days"]);
    const lastYear = verdictFor(KIND_TEXTS.paystub, "Paystub", "Jane Doe", { maxAgeDays: 1 });
    expect(lastYear.messages).toEqual(["This paystub is dated 14 November; your broker asked for one from the last day"]);
  });

  test("a paystub's other dates (a hire date, a month's period) are never mistaken for its pay date", () => {
    const noPayDate = KIND_TEXTS.paystub.replace("Pay Period: 10/27/2025 - 11/09/2025   Pay Date: 11/14/2025", "Date of Hire: 03/01/2019");
    expect(verdictFor(noPayDate, "Paystub")).toMatchObject({ verdict: "ok", messages: [] });
    const monthly = KIND_TEXTS.paystub.replace("Pay Period: 10/27/2025 - 11/09/2025   Pay Date: 11/14/2025", "Date of Hire: 03/01/2019\nPay Period: August 2025");
    expect(verdictFor(monthly, "Paystub").messages).toEqual(["This paystub's pay period ends on 31 August; your broker asked for one from the last 45 days"]);
  });

  test("someone else's ID, and an expired one", () => {
    const other = verdictFor(KIND_TEXTS.photo_id, "Photo ID", "John Smith");
    expect(other).toMatchObject({ kind: "photo_id", nameMatches: false, verdict: "warn", messages: ["This ID is in another name"] });
    const expired = verdictFor(KIND_TEXTS.photo_id.replace("EXP 03/14/2030", "EXP 03/14/2024"), "Photo ID");
    expect(expired.messages).toEqual(["This ID expired on 14 March 2024"]);
  });

  test("unsure or unrelated: 'unknown' and nothing said, never a wrong warning", () => {
    for (const text of Object.values(UNRELATED_TEXTS)) expect(verdictFor(text, "Paystub")).toMatchObject({ kind: null, verdict: "unknown", messages: [] });
    expect(verdictFor(EVERY_KIND_AT_ONCE, "Paystub")).toMatchObject({ verdict: "unknown", messages: [] });
    expect(describeRecognition(verdictFor(UNRELATED_TEXTS.recipe!, "Paystub"), NOW)).toBe("Could not tell what this is");
  });

  test("a custom document: the broker's keywords must appear; no kind is expected", () => {
    const found = verdictFor("Payoff letter\nLoan 88123: payoff amount $214,220.65 good through 12/01/2025", "Payoff Letter", null, { keywords: ["payoff"] });
    expect(found).toMatchObject({ verdict: "ok", messages: [] });
    const missing = verdictFor(UNRELATED_TEXTS.recipe!, "Payoff Letter", null, { keywords: ["payoff", "loan"] });
    expect(missing).toMatchObject({ verdict: "warn", messages: ['This does not mention "payoff" or "loan"; your broker asked for Payoff Letter'] });
  });

  test("a tax form shows its year on the broker's row", () => {
    expect(describeRecognition(verdictFor(KIND_TEXTS.w2, "W-2 Forms"), NOW)).toBe("Looks like: W-2 form, tax year 2024, name matches");
  });
});
