// A list of fields as a request's or a template's JSON sends it, read into shape; the rules (pages,
// sizes, signers) are checked after, by src/shared/signatures.ts, once the PDF's pages are known.
import { badRequest } from "../../lib/errors.ts";
import type { SignatureField } from "../../shared/signatures.ts";

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function parseFieldList(value: unknown): SignatureField[] {
  if (!Array.isArray(value)) throw badRequest("fields must be a list of the fields to fill.");
  if (!value.every(isObject)) throw badRequest("Each field must be an object: {type, page, x, y, width, height, signer, required}.");
  return value.map((f) => ({ type: f.type, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, signer: f.signer, required: f.required }) as SignatureField);
}
