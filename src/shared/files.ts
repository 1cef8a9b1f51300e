// File types, once: what a customer may upload, the extensions each type may carry, and how a
// stored file is previewed. The server judges a file by its bytes (file-type) and these lists;
// the browser uses the same lists to refuse a wrong file before sending it.

/** The extensions a file of each type may carry; the first is the one we give it. */
export const EXTENSIONS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  "application/pdf": ["pdf"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/heic": ["heic"],
  "image/heif": ["heif", "heic"],
  "video/mp4": ["mp4"],
  "video/quicktime": ["mov"],
  "video/vnd.avi": ["avi"],
  "video/x-msvideo": ["avi"],
  "video/matroska": ["mkv"],
  "video/x-matroska": ["mkv"],
};

/**
 * What a customer may upload (SPEC 5): PDF, JPG, PNG; and iPhone photos (HEIC/HEIF), which are
 * converted to JPEG before they are stored (src/features/document-checks).
 */
export const CUSTOMER_UPLOAD_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/heic", "image/heif"] as const;

/** What a broker may share (SPEC 5): pdf, jpg, jpeg, png, mp4, mov, avi, mkv. */
export const SHARE_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "video/mp4",
  "video/quicktime",
  "video/vnd.avi",
  "video/x-msvideo",
  "video/matroska",
  "video/x-matroska",
] as const;

/** A file input's accept list for these types: extensions and types, for pickers that use either. */
export function acceptList(types: readonly string[]): string[] {
  return [...new Set([...types.flatMap((type) => (EXTENSIONS_BY_TYPE[type] ?? []).map((ext) => `.${ext}`)), ...types])];
}

/** Whether a file the browser describes (its type, else its name) is one of these types. */
export function looksLike(file: { type: string; name: string }, types: readonly string[]): boolean {
  const type = file.type.toLowerCase().replace("image/jpg", "image/jpeg");
  if (type) return types.includes(type);
  // Some phones leave the type empty; the name is the only hint then.
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return types.some((t) => EXTENSIONS_BY_TYPE[t]?.includes(extension));
}

export type PreviewKind = "pdf" | "image" | "other";

/** How a stored file is shown: by the type sniffed when it was stored; the name only when no type is known. */
export function previewKind(file: { mimeType: string | null | undefined; name: string | null | undefined }): PreviewKind {
  const type = file.mimeType ?? "";
  const name = (file.name ?? "").toLowerCase();
  if (type === "application/pdf" || (!type && name.endsWith(".pdf"))) return "pdf";
  if (type.startsWith("image/") || (!type && /\.(png|jpe?g)$/.test(name))) return "image";
  return "other";
}
