// Phone capture: each photo is drawn upright (the browser applies its EXIF orientation), scaled to
// at most MAX_SIDE pixels and made a JPEG; the pages become one PDF built here in the browser with
// pdf-lib, loaded only when a customer sends one (it is not part of the portal's first download).

/** Long side of a page photo: about 240 dpi over A4's long side, sharp and still small. */
const MAX_SIDE = 2800;
const QUALITY = 0.82;

export interface CapturedPage {
  id: string;
  jpeg: Blob;
  url: string;
  width: number;
  height: number;
}

export async function photoToPage(file: Blob): Promise<CapturedPage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot prepare photos.");
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const jpeg = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The photo could not be prepared."))), "image/jpeg", QUALITY),
  );
  return { id: crypto.randomUUID(), jpeg, url: URL.createObjectURL(jpeg), width, height };
}

/** One PDF page per photo, each page as large as A4's long side (842 pt) in the photo's shape. */
export async function pagesToPdf(pages: CapturedPage[], name: string, onProgress: (percent: number) => void): Promise<File> {
  const { PDFDocument } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(name);
  pdf.setProducer("Broker portal phone capture (pdf-lib)");
  for (const [i, page] of pages.entries()) {
    const image = await pdf.embedJpg(new Uint8Array(await page.jpeg.arrayBuffer()));
    const scale = 842 / Math.max(image.width, image.height);
    const target = pdf.addPage([image.width * scale, image.height * scale]);
    target.drawImage(image, { x: 0, y: 0, width: image.width * scale, height: image.height * scale });
    onProgress(Math.round(((i + 1) / pages.length) * 90));
  }
  const bytes = await pdf.save();
  onProgress(100);
  const safe = name.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "document";
  return new File([bytes as Uint8Array<ArrayBuffer>], `${safe}.pdf`, { type: "application/pdf" });
}
