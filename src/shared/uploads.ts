// A customer's upload: its size limit and the messages both the portal (before sending) and the
// server say. Apart from validation.ts so the portal's first load carries only these.

/** The customer portal's messages (SPEC 2 and 8), said by the server and shown by the portal. */
export const portalMessages = {
  invalidLink: "This upload link is not valid or has expired.",
  customerNotFound: "Customer Not Found - Please contact your broker to get access to this document portal.",
  uploadFailed: (text: string) => `Upload failed: ${text}`,
} as const;

/** Customer uploads: the messages both the portal (before sending) and the server use. */
export const uploadMessages = {
  noFile: "No File Selected - Please select a file to upload.",
  // HEIC is named too: iPhones save photos as HEIC, and they are taken (converted to JPEG).
  wrongType: "Only PDF, JPG, PNG and HEIC files can be uploaded.",
  tooLarge: (maxBytes: number) => `The file is larger than ${megabytes(maxBytes)}. Please choose a smaller file.`,
} as const;

/**
 * The upload limit is inclusive: a file of exactly MAX_UPLOAD_MB is accepted. The portal (before
 * sending) and the server (while streaming) both ask this, so they never disagree by one byte.
 */
export const exceedsUploadLimit = (bytes: number, maxBytes: number): boolean => bytes > maxBytes;

/** 10485760 → "10 MB" (binary megabytes, one decimal when needed). */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}
