// What the portal checks before sending a file. The server checks again by content (magic
// bytes); these checks only save a customer on a phone from uploading 10 MB to be told no.

import { acceptList, CUSTOMER_UPLOAD_TYPES, looksLike } from "@shared/files";
import { exceedsUploadLimit, uploadMessages } from "@shared/validation";

export { uploadMessages };

/** The "Choose file" picker: PDF, JPG and PNG (extensions and types, for pickers that use either). */
export const CHOOSE_FILE_ACCEPT = acceptList(CUSTOMER_UPLOAD_TYPES);
/** The "Take photo" picker: the camera (rear-facing) or the photo library. */
export const TAKE_PHOTO_ACCEPT = ["image/*"];


/** Why this file cannot be uploaded, or null when it may be sent. */
export function uploadProblem(file: File | null | undefined, maxBytes: number): string | null {
  if (!file) return uploadMessages.noFile;
  if (!looksLike(file, CUSTOMER_UPLOAD_TYPES)) return uploadMessages.wrongType;
  if (exceedsUploadLimit(file.size, maxBytes)) return uploadMessages.tooLarge(maxBytes);
  if (file.size === 0) return uploadMessages.noFile;
  return null;
}
