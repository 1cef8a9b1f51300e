// The multipart body of a PDF to sign (a request's or a template's): one part named `file`, a PDF
// within the upload limit, beside JSON fields of at most `maxFieldBytes`.
import type { AppContext } from "../../context.ts";
import { receiveFiles, type ReceiveManyOptions } from "../../lib/upload.ts";
import { signatureMessages } from "../../shared/signatures.ts";

export const receivePdf = (ctx: AppContext, request: Request, options: Partial<Pick<ReceiveManyOptions, "maxFieldBytes" | "fileOptional" | "noFileMessage">>) =>
  receiveFiles(request, {
    tempDir: ctx.files.tempDir,
    maxBytes: ctx.config.maxUploadBytes,
    accept: ["application/pdf"],
    acceptMessage: signatureMessages.notPdf,
    fieldName: "file",
    maxFiles: 1,
    ...options,
  });
