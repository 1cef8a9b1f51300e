// Modules shipped without type declarations: tesseract.js-core's Emscripten builds (the part of
// its API ocr.ts uses) and the files bundled by path (`with { type: "file" }`: a path Bun.file
// reads, on disk from source and inside the compiled executable).
declare module "tesseract.js-core/tesseract-core-simd-lstm.js" {
  import type { TesseractCoreFactory } from "./tesseract-core.ts";
  const factory: TesseractCoreFactory;
  export default factory;
}
declare module "tesseract.js-core/tesseract-core-lstm.js" {
  import type { TesseractCoreFactory } from "./tesseract-core.ts";
  const factory: TesseractCoreFactory;
  export default factory;
}
declare module "tesseract.js-core/tesseract-core-simd-lstm.wasm" {
  const path: string;
  export default path;
}
declare module "tesseract.js-core/tesseract-core-lstm.wasm" {
  const path: string;
  export default path;
}
declare module "@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz" {
  const path: string;
  export default path;
}
/** pdf.js's JPEG decoder (the part jpeg-grey.ts uses); pdfjs-dist declares only its main build. */
declare module "pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs" {
  export class JpegImage {
    width: number;
    height: number;
    numComponents: number;
    parse(data: Uint8Array): void;
    /** The pixels at width x height: one byte a component, RGB when forceRGB. */
    getData(options: { width: number; height: number; forceRGB?: boolean }): Uint8ClampedArray;
  }
}
