// The labelled corpus of real documents (tests/files/recognition/README.md): one manifest,
// tests/files/recognition/manifest.json, read by tests/api/recognition-corpus.test.ts (its fast
// part, in CI) and by scripts/bench/recognition.ts (all of it). Each entry says where the file
// came from and what a person reads on it: its kind (null: no kind of ours), its holder and the
// date that dates it, when they can be read by eye.
import { join } from "node:path";
import manifest from "./recognition/manifest.json";
import type { DocumentKind } from "../../src/shared/recognition/kinds.ts";
import type { DateRole } from "../../src/shared/recognition/dates.ts";

export interface CorpusFile {
  file: string;
  repo: string;
  commit: string;
  path: string;
  licence: string;
  what: string;
  /** text_pdf: a PDF with a text layer; scan: a scanned or generated page (OCR); photo: a camera's picture (OCR). */
  medium: "text_pdf" | "scan" | "photo";
  kind: DocumentKind | null;
  holder: string | null;
  date: { role: DateRole; date: string } | null;
  /**
   * tune: the rules were changed while looking at what these gave; held_out: never looked at
   * while changing the rules, so its figures say how the rules do on documents they were not
   * written for.
   */
  split: "tune" | "held_out";
}

export const CORPUS = manifest.files as CorpusFile[];

export const corpusPath = (file: string): string => join(import.meta.dir, "recognition", file);

export const mimeOf = (file: string): string => (file.endsWith(".pdf") ? "application/pdf" : file.endsWith(".png") ? "image/png" : "image/jpeg");
