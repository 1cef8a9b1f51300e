// The part of tesseract.js-core's Emscripten module that ocr.ts uses (its own declarations are
// not shipped). TessBaseAPI is Tesseract's C++ API through embind.

export interface TessBaseApi {
  Init(dataPath: null, language: string, engineMode: number): number;
  SetVariable(name: string, value: string): boolean;
  /** Reads the image written to /input; 1 when it could not be read. */
  SetImageFile(exifOrientation: number, angle: number): number;
  Recognize(monitor: null): number;
  GetUTF8Text(): string;
  MeanTextConf(): number;
  Clear(): void;
  End(): void;
}

export interface TesseractModule {
  FS: { writeFile(path: string, data: Uint8Array): void; unlink(path: string): void };
  TessBaseAPI: new () => TessBaseApi;
}

export type TesseractCoreFactory = (options: { wasmBinary: Uint8Array; TesseractProgress?: (percent: number) => void; print?: (line: string) => void; printErr?: (line: string) => void }) => Promise<TesseractModule>;
