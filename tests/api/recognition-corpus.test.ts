// The labelled corpus of real documents (tests/files/recognition/manifest.json, issue 42 item 6):
// the manifest, the folder and the README agree, and the fast part, every PDF with a text layer
// (pdf.js, a few milliseconds each), meets the targets at the confidence that warns a
// customer. Photos and scans (OCR, seconds each) are measured by `npm run bench:recognition`,
// which reads the same manifest; recognition-reading.test.ts reads a few of them in CI.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { readFileText } from "../../src/features/recognition/read-file.ts";
import { classifyText, WARN_CONFIDENCE } from "../../src/shared/recognition/classify.ts";
import { findDates } from "../../src/shared/recognition/dates.ts";
import { DOCUMENT_KINDS } from "../../src/shared/recognition/kinds.ts";
import { normaliseText } from "../../src/shared/recognition/text.ts";
import { CORPUS, corpusPath, mimeOf } from "../files/recognition-corpus.ts";

const DIR = join(import.meta.dir, "../files/recognition");

describe("the corpus and its manifest", () => {
  test("every file is listed once with its source and label, and every listed file is there", () => {
    const onDisk = readdirSync(DIR).filter((f) => f !== "README.md" && f !== "manifest.json").sort();
    expect(CORPUS.map((f) => f.file).sort()).toEqual(onDisk);
    for (const f of CORPUS) {
      expect(f.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(f.commit).toMatch(/^[0-9a-f]{8,40}$/);
      expect(f.path.length).toBeGreaterThan(0);
      expect(f.licence.length).toBeGreaterThan(0);
      expect(["text_pdf", "scan", "photo"]).toContain(f.medium);
      expect(["tune", "held_out"]).toContain(f.split);
      if (f.kind !== null) expect(DOCUMENT_KINDS).toContain(f.kind);
    }
  });

  test("the issue's size: at least 60 files, 8 kinds, photos and scans, some of no kind of ours, a held-out part; under 18 MB", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CORPUS.map((f) => f.kind).filter(Boolean)).size).toBeGreaterThanOrEqual(8);
    expect(CORPUS.filter((f) => f.medium === "photo").length).toBeGreaterThanOrEqual(10);
    expect(CORPUS.filter((f) => f.medium === "scan").length).toBeGreaterThanOrEqual(10);
    expect(CORPUS.filter((f) => f.kind === null).length).toBeGreaterThanOrEqual(10);
    expect(CORPUS.filter((f) => f.split === "held_out").length).toBeGreaterThanOrEqual(15);
    const bytes = CORPUS.reduce((sum, f) => sum + statSync(corpusPath(f.file)).size, 0);
    expect(bytes).toBeLessThan(18 * 1024 * 1024);
  });

  test("the README names every file and its source", () => {
    const readme = readFileSync(join(DIR, "README.md"), "utf8");
    for (const f of CORPUS) expect(readme).toContain(`| ${f.file} | ${f.repo} `);
  });
});

describe("text PDFs (pdf.js): the issue's targets at the warning confidence", async () => {
  const textPdfs = CORPUS.filter((f) => f.medium === "text_pdf");
  const read = await Promise.all(
    textPdfs.map(async (f) => {
      const text = normaliseText((await readFileText(corpusPath(f.file), mimeOf(f.file), Date.now() + 120_000)).text);
      const { kind, confidence } = classifyText(text);
      return { f, said: kind && confidence >= WARN_CONFIDENCE ? kind : null, dates: findDates(text) };
    }),
  );

  test("kind precision at least 0.95 (a wrong warning annoys more than a missed one) and recall at least 0.8", () => {
    const said = read.filter((r) => r.said !== null);
    const wrong = said.filter((r) => r.said !== r.f.kind).map((r) => `${r.f.file}: ${r.f.kind ?? "none"} said to be ${r.said}`);
    const labelled = read.filter((r) => r.f.kind !== null);
    const missed = labelled.filter((r) => r.said !== r.f.kind).map((r) => r.f.file);
    // Listed, so that a failure says which file went wrong.
    expect({ precision: (said.length - wrong.length) / said.length >= 0.95, wrong }).toMatchObject({ precision: true });
    expect({ recall: (labelled.length - missed.length) / labelled.length >= 0.8, missed }).toMatchObject({ recall: true });
  });

  test("the date that dates a document is read with its role in at least 8 of 10", () => {
    const dated = read.filter((r) => r.f.date);
    const missed = dated.filter((r) => !r.dates.some((d) => d.role === r.f.date!.role && d.date === r.f.date!.date)).map((r) => r.f.file);
    expect({ accuracy: (dated.length - missed.length) / dated.length >= 0.8, missed }).toMatchObject({ accuracy: true });
  });
});
