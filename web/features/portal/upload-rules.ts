// What the portal checks before sending a file. The server checks again by content (magic
// bytes); these checks only save a customer on a phone from uploading 10 MB to be told no.

import { exceedsUploadLimit, uploadMessages } from "@shared/validation";

export { uploadMessages };

/** The "Choose file" picker: PDF, JPG and PNG (extensions and types, for pickers that use either). */
export const CHOOSE_FILE_ACCEPT = [".pdf", ".jpg", ".jpeg", ".png", "application/pdf", "image/jpeg", "image/png"];
/** The "Take photo" picker: the camera (rear-facing) or the photo library. */
export const TAKE_PHOTO_ACCEPT = ["image/*"];


const ALLOWED_TYPES = new Set(["application/pdf", "image/jpeg", "image/jpg", "image/png"]);
const ALLOWED_EXTENSION = /\.(pdf|jpe?g|png)$/i;

/** Why this file cannot be uploaded, or null when it may be sent. */
export function uploadProblem(file: File | null | undefined, maxBytes: number): string | null {
  if (!file) return uploadMessages.noFile;
  // Some phones leave the type empty; the name is the only hint then.
  const typeOk = file.type ? ALLOWED_TYPES.has(file.type.toLowerCase()) : ALLOWED_EXTENSION.test(file.name);
  if (!typeOk) return uploadMessages.wrongType;
  if (exceedsUploadLimit(file.size, maxBytes)) return uploadMessages.tooLarge(maxBytes);
  if (file.size === 0) return uploadMessages.noFile;
  return null;
}
