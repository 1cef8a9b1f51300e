// The case-description rules (src/shared/case-checklist.ts, issue 42 item 5): real sentences a
// broker types, negations, a co-borrower doubling the personal documents, and a model's answer held
// to the known documents. Pure functions; the route is tested in checklist-suggest.test.ts.
import { describe, expect, test } from "bun:test";
import { READY_MADE_TEMPLATES } from "../../src/shared/checklist-templates.ts";
import { caseDescriptionProblem, caseMessages, checklistCatalogue, documentsFromAnswer, suggestFromCase, MAX_CASE_DESCRIPTION } from "../../src/shared/case-checklist.ts";
import { STANDARD_DOCUMENTS } from "../../src/shared/documents.ts";

const catalogue = checklistCatalogue(READY_MADE_TEMPLATES);
const names = (sentence: string) => suggestFromCase(sentence, catalogue).map((d) => d.name);
const because = (sentence: string, name: string) => suggestFromCase(sentence, catalogue).find((d) => d.name === name)?.because;

describe("a case in a sentence", () => {
  test("self-employed borrower buying a condo with a co-borrower", () => {
    const sentence = "self-employed borrower buying a condo with a co-borrower";
    const got = names(sentence);
    expect(got).toEqual(expect.arrayContaining(["Tax Returns", "Bank Statement", "Asset Statements", "Photo ID", "Credit Report", "Purchase Agreement", "Insurance Declaration", "Property Appraisal"]));
    // Self-employed: no paystub or W-2 is proposed.
    expect(got).not.toContain("Paystub");
    expect(got).not.toContain("W-2 Forms");
    // The co-borrower brings their own personal documents; the property's are asked once.
    expect(got).toEqual(expect.arrayContaining(["Photo ID (co-borrower)", "Tax Returns (co-borrower)", "Credit Report (co-borrower)"]));
    expect(got).not.toContain("Purchase Agreement (co-borrower)");
    expect(because(sentence, "Tax Returns")).toEqual(["self-employed"]);
    expect(because(sentence, "Insurance Declaration")).toEqual(["buying", "condo"]);
    expect(because(sentence, "Photo ID (co-borrower)")).toContain("co-borrower");
  });

  test("a negation is read: not self-employed means a salary; no co-borrower doubles nothing", () => {
    const sentence = "Nurse, not self-employed, refinancing her house, no co-borrower";
    const got = names(sentence);
    expect(got).toEqual(expect.arrayContaining(["Paystub", "W-2 Forms", "Employment Letter", "Mortgage Statement", "Property Tax Bill"]));
    expect(got).not.toContain("Tax Returns");
    expect(got.some((n) => n.endsWith("(co-borrower)"))).toBe(false);
    expect(because(sentence, "Paystub")).toEqual(["not self-employed"]);
    // Refinancing, not buying: no purchase contract.
    expect(got).not.toContain("Purchase Agreement");
  });

  test("a negation does not reach past 'but': not buying but refinancing", () => {
    const got = names("The borrower is not buying but refinancing with cash-out");
    expect(got).toContain("Mortgage Statement");
    expect(got).not.toContain("Purchase Agreement");
  });

  test("without a co-borrower, a salaried first-time buyer", () => {
    const got = names("Salaried first-time buyer purchasing a townhouse without a co-borrower");
    expect(got).toEqual(expect.arrayContaining(["Paystub", "W-2 Forms", "Purchase Agreement", "Insurance Declaration"]));
    expect(got.some((n) => n.endsWith("(co-borrower)"))).toBe(false);
  });

  test("a retired couple with gift funds and an FHA loan: no paystub, the co-borrower's ID and the FHA papers", () => {
    const got = names("Retired couple buying with an FHA loan and gift funds from their daughter");
    expect(got).not.toContain("Paystub");
    expect(got).toEqual(expect.arrayContaining(["Tax Returns", "Asset Statements", "Social Security Card", "Photo ID (co-borrower)", "Social Security Card (co-borrower)"]));
  });

  test("a veteran's VA purchase asks for the certificate of eligibility", () => {
    expect(names("Veteran buying a single family home with a VA loan")).toContain("VA Certificate of Eligibility or DD-214");
  });

  test("other trades: a rental application and an insurance claim", () => {
    expect(names("Tenant renting an apartment downtown")).toEqual(expect.arrayContaining(["Landlord Reference", "Paystub", "Photo ID"]));
    expect(names("Tenant renting an apartment downtown")).not.toContain("W-2 Forms");
    expect(names("Kitchen fire damage, insurance claim on the home policy")).toEqual(expect.arrayContaining(["Proof of Loss", "Damage Photos", "Repair Estimates"]));
  });

  test("a sentence saying nothing the rules know proposes nothing", () => {
    expect(names("hello there")).toEqual([]);
  });

  test("only documents the catalogue has: the standard ten alone know no W-2 or earnest money", () => {
    const standardOnly = checklistCatalogue([]);
    const got = suggestFromCase("salaried borrower buying a house", standardOnly).map((d) => d.name);
    expect(got.every((n) => STANDARD_DOCUMENTS.some((s) => s.name === n))).toBe(true);
    expect(got).toEqual(expect.arrayContaining(["Paystub", "Employment Letter", "Purchase Agreement"]));
  });

  test("a broker's own template wins: its description and rules are the ones proposed", () => {
    const own = { documents: [{ name: "Paystub", description: "Our own paystub wording", rules: null }, { name: "Gift Letter", description: "Signed by the donor", rules: null }] };
    const mine = checklistCatalogue([own, ...READY_MADE_TEMPLATES]);
    const got = suggestFromCase("employee buying with gift funds", mine);
    expect(got.find((d) => d.name === "Paystub")?.description).toBe("Our own paystub wording");
    expect(got.find((d) => d.name === "Gift Letter")?.because).toEqual(["gift funds"]);
  });
});

describe("the description's limits", () => {
  test("empty or blank, and over the limit, are refused with their message", () => {
    expect(caseDescriptionProblem("  ")).toBe(caseMessages.empty);
    expect(caseDescriptionProblem("x".repeat(MAX_CASE_DESCRIPTION + 1))).toBe(caseMessages.tooLong);
    expect(caseDescriptionProblem("a borrower buying a house")).toBeNull();
  });
});

describe("a model's answer", () => {
  test("kept only where it names known documents, each once; a co-borrower's copy only of a personal one", () => {
    const answer = {
      documents: [
        { name: "paystub", because: "salaried" },
        { name: "Paystub", because: "again" },
        { name: "Photo ID (co-borrower)", because: ["co-borrower"] },
        { name: "Purchase Agreement (co-borrower)" },
        { name: "Unicorn Certificate" },
        { name: 42 },
        "Bank Statement",
      ],
    };
    const got = documentsFromAnswer(answer, catalogue);
    expect(got.map((d) => d.name)).toEqual(["Paystub", "Photo ID (co-borrower)", "Bank Statement"]);
    expect(got[0]!.because).toEqual(["salaried"]);
  });

  test("anything that is not a list of documents is nothing", () => {
    for (const garbage of [null, "documents", { documents: "Paystub" }, [], 7]) expect(documentsFromAnswer(garbage, catalogue)).toEqual([]);
  });
});
