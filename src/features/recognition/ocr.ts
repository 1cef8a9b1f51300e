// OCR: Tesseract (tesseract.js-core's WebAssembly build) with the English model from
// @tesseract.js-data/eng, both read from files bundled with the program: nothing is downloaded,
// ever (tesseract.js's own loader fetches the model from a CDN unless told otherwise, and spawns
// a worker from a file path the compiled executable does not have, so its core is driven
// directly here). It runs on a reading thread (read-threads.ts), one image at a time; the engine
// and model load once per thread (~0.8 s) and stay until the thread is stopped for idleness.
//
// The images handed in are what Tesseract reads well: a photo's JPEG or PNG as stored, or a
// scanned page's pixels already made grey and at most MAX_OCR_SIDE (pixels.ts).
import simdWasm from "tesseract.js-core/tesseract-core-simd-lstm.wasm" with { type: "file" };
import plainWasm from "tesseract.js-core/tesseract-core-lstm.wasm" with { type: "file" };
import englishModel from "@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz" with { type: "file" };
import { gunzipSync } from "node:zlib";
import { instanceState } from "../../lib/instance-state.ts";
import type { TessBaseApi, TesseractModule } from "./tesseract-core.ts";

/** Tesseract's LSTM engine only (the model carries no legacy engine). */
const LSTM_ONLY = 1;

const engine = instanceState("OCR engine", "per process", "Tesseract's WebAssembly instance, loaded once by the thread that reads images", {
  loading: undefined as Promise<{ module: TesseractModule; api: TessBaseApi }> | undefined,
});

const bytesOf = async (path: string) => new Uint8Array(await Bun.file(path).arrayBuffer());

/** The SIMD build where the runtime has WebAssembly SIMD (Bun has), else the plain one. */
async function loadModule(): Promise<TesseractModule> {
  const quiet = { print: () => {}, printErr: () => {}, TesseractProgress: () => {} };
  try {
    const { default: factory } = await import("tesseract.js-core/tesseract-core-simd-lstm.js");
    return await factory({ wasmBinary: await bytesOf(simdWasm), ...quiet });
  } catch {
    const { default: factory } = await import("tesseract.js-core/tesseract-core-lstm.js");
    return factory({ wasmBinary: await bytesOf(plainWasm), ...quiet });
  }
}

function load() {
  engine.loading ??= (async () => {
    const module = await loadModule();
    module.FS.writeFile("/eng.traineddata", gunzipSync(await bytesOf(englishModel)));
    const api = new module.TessBaseAPI();
    if (api.Init(null, "eng", LSTM_ONLY) !== 0) throw new Error("The OCR engine could not load its English model");
    return { module, api };
  })().catch((error: unknown) => {
    // A failed load is tried again by the next image, not remembered.
    engine.loading = undefined;
    throw error;
  });
  return engine.loading;
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
}

/** The text of one image (JPEG, PNG or PGM bytes); throws when the image cannot be read. */
export async function ocrImage(image: Uint8Array): Promise<OcrResult> {
  const { module, api } = await load();
  module.FS.writeFile("/input", image);
  try {
    if (api.SetImageFile(1, 0) === 1) throw new Error("The OCR engine could not read the image");
    api.Recognize(null);
    return { text: api.GetUTF8Text(), confidence: api.MeanTextConf() };
  } finally {
    api.Clear();
    module.FS.unlink("/input");
  }
}
