// A second opinion on a file the rules could not place (issue 42 item 5): asked of the operator's
// model endpoint only when one is configured (a local stand-in here, never a real provider) and
// only when the rules are unsure; it is sent an excerpt with long numbers masked; an answer that
// is not a known kind, a hang, garbage or a 500 leaves the rules' verdict.
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { modelEndpointConfig } from "../../src/config/model-endpoint.ts";
import { excerptForModel, MAX_EXCERPT, secondOpinion } from "../../src/features/recognition/second-opinion.ts";
import { recogniseFile } from "../../src/features/recognition/service.ts";
import { recognitionRulesFor } from "../../src/shared/recognition/rules.ts";
import { recognise } from "../../src/shared/recognition/verdict.ts";
import { KIND_TEXTS, UNRELATED_TEXTS } from "../files/recognition-texts.ts";
import { startModelStandIn } from "../support/model-stand-in.ts";

const standIn = startModelStandIn();
const endpoint = modelEndpointConfig(standIn.env)!;
afterAll(() => standIn.stop());
beforeEach(() => {
  standIn.received.length = 0;
});
const quiet = { warn: () => {} };
const NOW = new Date("2025-11-20T12:00:00Z");
const PLAIN_TEXT = join(import.meta.dir, "../files/recognition/naptha-tesseract.js--tests_assets_images_testocr.png");

describe("what is sent", () => {
  test("the start of the text only, every number of five or more digits masked, however it is written", () => {
    const excerpt = excerptForModel(`Account 123456789 SSN 123-45-6789 card 4111111111111111 year 2024 ${"word ".repeat(1000)}`);
    expect(excerpt.length).toBe(MAX_EXCERPT);
    expect(excerpt.startsWith("Account ######### SSN ###-##-#### card ################ year 2024 word")).toBe(true);
    expect(excerpt).not.toMatch(/\d{5,}/);
    // Card, IBAN and ID numbers as people and printers write them; short numbers (a form's number, a year) stay.
    expect(excerptForModel("Card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00, ID 12.345.678, ref 12/34/5678, Form 1040 for 2024")).toBe(
      "Card #### #### #### ####, IBAN DE## #### #### #### #### ##, ID ##.###.###, ref ##/##/####, Form 1040 for 2024",
    );
  });
});

describe("the model's answer", () => {
  test("not configured: nothing is asked", async () => {
    expect(await secondOpinion(null, UNRELATED_TEXTS.recipe!, quiet)).toBeNull();
    expect(standIn.received).toEqual([]);
  });

  test("a known kind is the opinion; anything else is none", async () => {
    standIn.mode = { kind: "reply", content: () => '{"kind": "utility_bill"}' };
    expect(await secondOpinion(endpoint, "Power company, amount due", quiet)).toBe("utility_bill");
    standIn.mode = { kind: "reply", content: () => '{"kind": "horoscope"}' };
    expect(await secondOpinion(endpoint, "Power company, amount due", quiet)).toBeNull();
    standIn.mode = { kind: "reply", content: () => "it is a bill, I think" };
    expect(await secondOpinion(endpoint, "Power company, amount due", quiet)).toBeNull();
  });

  test.each([["hang"], ["garbage"], ["error"]] as const)("a stand-in that answers %s: no opinion", async (kind) => {
    standIn.mode = { kind };
    expect(await secondOpinion(endpoint, "Power company, amount due", quiet)).toBeNull();
    expect(standIn.received).toHaveLength(1);
  });
});

describe("in the verdict", () => {
  const input = (text: string) => ({ text, rules: recognitionRulesFor("Paystub"), documentName: "Paystub", customerName: null, now: NOW });

  test("it stands in for the rules only where they were unsure", () => {
    expect(recognise(input(UNRELATED_TEXTS.recipe!))).toMatchObject({ kind: null, verdict: "unknown" });
    expect(recognise({ ...input(UNRELATED_TEXTS.recipe!), secondOpinion: "bank_statement" })).toMatchObject({
      kind: "bank_statement",
      verdict: "warn",
      messages: ["This looks like a bank statement; your broker asked for a paystub"],
    });
    // Sure of a paystub, the rules keep their own answer.
    expect(recognise({ ...input(KIND_TEXTS.paystub), secondOpinion: "bank_statement" }).kind).toBe("paystub");
  });

  test("a file read on a thread: asked with its excerpt when the rules cannot tell, and not asked without a model", async () => {
    standIn.mode = { kind: "reply", content: () => '{"kind": "utility_bill"}' };
    const options = { path: PLAIN_TEXT, mimeType: "image/png", documentName: "Paystub", rules: recognitionRulesFor("Paystub"), customerName: null, now: NOW, log: quiet };
    expect(await recogniseFile(options)).toMatchObject({ kind: null, verdict: "unknown" });
    expect(standIn.received).toEqual([]);
    const withModel = await recogniseFile({ ...options, model: endpoint });
    expect(withModel).toMatchObject({ kind: "utility_bill", verdict: "warn" });
    expect(standIn.received).toHaveLength(1);
    const sent = standIn.received[0]!.messages.find((m) => m.role === "user")!.content;
    expect(sent.length).toBeLessThanOrEqual(MAX_EXCERPT);
    expect(sent).not.toMatch(/\d{5,}/);
  }, 60_000);
});
