// What the portal checks before sending a file. The server checks again by content (magic
// bytes); these checks only save a customer on a phone from uploading 10 MB to be told no.

import { kindOf, type AcceptanceRules } from "@shared/acceptance-rules";
import { acceptList, CUSTOMER_UPLOAD_TYPES, EXTENSIONS_BY_TYPE, looksLike } from "@shared/files";
import { exceedsUploadLimit, megabytes, uploadMessages } from "@shared/uploads";
import { activeLanguage } from "../../lib/i18n/store";

export { uploadMessages };

/** The "Choose file" picker: PDF, JPG and PNG (extensions and types, for pickers that use either). */
export const CHOOSE_FILE_ACCEPT = acceptList(CUSTOMER_UPLOAD_TYPES);
/** The "Take photo" picker: the camera (rear-facing) or the photo library. */
export const TAKE_PHOTO_ACCEPT = ["image/*"];


/** The type a browser-described file looks like (its type, else its name's extension). */
function typeOf(file: { type: string; name: string }): string {
  if (file.type) return file.type.toLowerCase().replace("image/jpg", "image/jpeg");
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return CUSTOMER_UPLOAD_TYPES.find((t) => EXTENSIONS_BY_TYPE[t]?.includes(extension)) ?? "";
}

/** What a refusal says in the page's language; the catalog's English is SPEC's (and the server's). */
const say = (...args: Parameters<NonNullable<ReturnType<typeof activeLanguage>>["t"]>) => activeLanguage()!.t(...args);

/** Nothing picked: SPEC 8's "No File Selected - Please select a file to upload." as a title and a line. */
export const noFileProblem = () => `${say("upload.noFile")} - ${say("upload.noFileText")}`;

/**
 * Why this file cannot be uploaded, in the page's language, or null when it may be sent. With
 * the document's acceptance rules, a kind the request does not take (a photo where only a PDF
 * will do) is refused here with the server's own words; pages, passwords and sizes in pixels are
 * judged by the server.
 */
export function uploadProblem(file: File | null | undefined, maxBytes: number, rules?: AcceptanceRules): string | null {
  if (!file || file.size === 0) return noFileProblem();
  if (!looksLike(file, CUSTOMER_UPLOAD_TYPES)) return say("upload.wrongType");
  const kind = kindOf(typeOf(file));
  // The same words as the server's refusal (acceptance-rules.ts, refusalMessage's "kind").
  if (rules && kind && !rules.kinds.includes(kind)) return say(rules.kinds.includes("pdf") ? "checks.kindPdfOnly" : "checks.kindImageOnly");
  if (exceedsUploadLimit(file.size, maxBytes)) return say("upload.tooLarge", { size: megabytes(maxBytes) });
  return null;
}
