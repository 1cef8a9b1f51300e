// What the portal checks before sending a file. The server checks again by content (magic
// bytes); these checks only save a customer on a phone from uploading 10 MB to be told no.

import { kindOf, refusalMessage, type AcceptanceRules } from "@shared/acceptance-rules";
import { acceptList, CUSTOMER_UPLOAD_TYPES, EXTENSIONS_BY_TYPE, looksLike } from "@shared/files";
import { exceedsUploadLimit, uploadMessages } from "@shared/validation";

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

/**
 * Why this file cannot be uploaded, or null when it may be sent. With the document's acceptance
 * rules, a kind the request does not take (a photo where only a PDF will do) is refused here with
 * the server's own words; pages, passwords and sizes in pixels are judged by the server.
 */
export function uploadProblem(file: File | null | undefined, maxBytes: number, rules?: AcceptanceRules): string | null {
  if (!file) return uploadMessages.noFile;
  if (!looksLike(file, CUSTOMER_UPLOAD_TYPES)) return uploadMessages.wrongType;
  const kind = kindOf(typeOf(file));
  if (rules && kind && !rules.kinds.includes(kind)) return refusalMessage({ rule: "kind", kind }, rules);
  if (exceedsUploadLimit(file.size, maxBytes)) return uploadMessages.tooLarge(maxBytes);
  if (file.size === 0) return uploadMessages.noFile;
  return null;
}
