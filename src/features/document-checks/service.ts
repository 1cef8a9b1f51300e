// Every customer upload checked the moment it arrives, after it is streamed to a temporary file
// and before anything is committed: scanned for viruses (when clamd is configured), opened as a
// PDF or image, held to the document's acceptance rules, and photos made upright and stripped of
// location. A refused file is removed at once and the error names the rule that failed.
import { rmSync } from "node:fs";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import type { ReceivedFileData } from "../../lib/upload.ts";
import { publishAlone } from "../../lib/unit-of-work.ts";
import {
  describeRules,
  kindOf,
  refusalMessage,
  refusalSaid,
  STANDARD_ACCEPTANCE_RULES,
  type AcceptanceRules,
  type CheckReport,
  type Refusal,
} from "../../shared/acceptance-rules.ts";
import type { NotificationFact } from "../../lib/unit.ts";
import type { CustomerOwnership } from "../../shared/workspaces.ts";
import { scanBytes, ScannerUnavailable } from "./clamav.ts";
import { CheckAbandoned, inspectPdfOnThread, prepareImageOnThread } from "./check-workers.ts";
import { ImageTooLarge, ImageUnreadable } from "./image-errors.ts";
import { checkSlots, needsCheckSlot } from "./limiter.ts";

export interface CheckedFile extends ReceivedFileData {
  pageCount: number | null;
  report: CheckReport;
}

/** The rules a document is held to: the broker's own, else the standard ones with this server's photo minimum. */
export function effectiveRules(ctx: AppContext, own: AcceptanceRules | null | undefined): AcceptanceRules {
  if (own) return own;
  return { ...STANDARD_ACCEPTANCE_RULES, minImageShortSide: ctx.config.minImagePixels.short, minImageLongSide: ctx.config.minImagePixels.long };
}

/** A refusal as the error the client sees: 503 while the scanner is down, else 400 (415 for a wrong kind). */
export class UploadRefused extends AppError {
  readonly refusal: Refusal;
  constructor(refusal: Refusal, rules: AcceptanceRules) {
    const code = refusal.rule === "scanner_unavailable" ? "unavailable" : refusal.rule === "kind" ? "unsupported_type" : "bad_request";
    super(code, refusalMessage(refusal, rules), { reason: refusalSaid(refusal, rules), ...(refusal.rule === "scanner_unavailable" ? { retryAfter: 30 } : {}) });
    this.refusal = refusal;
  }
}

/** Who hears of an infected file: a customer's upload, their team; a broker's shared file, that member. */
type Whose = ({ customer: CustomerOwnership & { id: string } } | { sharedBy: { memberId: string; workspaceId: string } }) & {
  documentId?: string;
  /** For the broker's notification: "Jane Doe's upload to Payslips". */
  what: string;
}

/** Whose file a log line is about: the workspace (as brokerId, the log's field) or the member who shared it. */
const logFields = (whose: Whose) => ("customer" in whose ? { brokerId: whose.customer.workspaceId, customerId: whose.customer.id } : { brokerId: whose.sharedBy.memberId });

/**
 * Scans bytes with clamd when CLAMAV_SOCKET is set. Infected: the broker is told and the upload
 * refused; scanner down: refused with "try again shortly", never let through unscanned.
 */
export async function scanForViruses(ctx: AppContext, bytes: Uint8Array, whose: Whose, rules: AcceptanceRules = STANDARD_ACCEPTANCE_RULES): Promise<"clean" | "not_configured"> {
  const socket = ctx.config.clamavSocket;
  if (!socket) return "not_configured";
  let result;
  try {
    result = await scanBytes(socket, bytes);
  } catch (error) {
    if (error instanceof ScannerUnavailable) {
      ctx.log.warn("virus scanner unavailable; upload refused", { error: error.message });
      throw new UploadRefused({ rule: "scanner_unavailable" }, rules);
    }
    throw error;
  }
  if (result.clean) return "clean";
  const customer = "customer" in whose ? whose.customer : null;
  ctx.log.warn("infected upload refused", { signature: result.signature, ...logFields(whose) });
  const notification = {
    type: "upload_infected" as const,
    title: "Infected file refused",
    message: `${whose.what} contained a virus (${result.signature}) and was not stored.`,
    metadata: { customerId: customer?.id ?? null, documentId: whose.documentId ?? null, signature: result.signature },
  };
  const told: NotificationFact = "customer" in whose ? { to: "team", customer: whose.customer, ...notification } : { to: "member", memberId: whose.sharedBy.memberId, ...notification };
  const workspaceId = "customer" in whose ? whose.customer.workspaceId : whose.sharedBy.workspaceId;
  await publishAlone(ctx, { type: "upload_infected", workspaceId, facts: { notify: [told] } });
  throw new UploadRefused({ rule: "virus", signature: result.signature }, rules);
}

/**
 * Scans bytes already checked once, when a file is used again (a signature template's PDF for a
 * new request): it may have been saved while no scanner was set, or before today's signatures.
 * Only the scan; infected, the broker is told in their own words.
 */
export async function scanStoredBytes(ctx: AppContext, bytes: Uint8Array, whose: Whose, infectedSaid: (signature: string) => string): Promise<void> {
  if (!ctx.config.clamavSocket) return;
  try {
    await checkSlots.run(() => scanForViruses(ctx, bytes, whose));
  } catch (error) {
    if (error instanceof UploadRefused && error.refusal.rule === "virus") throw new AppError("bad_request", infectedSaid(error.refusal.signature));
    throw error;
  }
}

/** Scans temporary files (shared files): all clean, or every one removed and the upload refused. */
export async function scanReceivedFiles(ctx: AppContext, files: ReceivedFileData[], whose: Whose): Promise<void> {
  if (!ctx.config.clamavSocket) return;
  try {
    // Each file is read whole for clamd: one check slot at a time (see limiter.ts).
    for (const file of files) {
      await checkSlots.run(async () =>
        scanForViruses(ctx, new Uint8Array(await Bun.file(file.tempPath).arrayBuffer()), { ...whose, what: `${whose.what} (${file.originalName})` }),
      );
    }
  } catch (error) {
    for (const file of files) rmSync(file.tempPath, { force: true });
    // The broker sent it: tell them in their own words, not the customer's.
    if (error instanceof UploadRefused && error.refusal.rule === "virus") {
      throw new AppError("bad_request", `This file contains a virus (${error.refusal.signature}) and was not shared. Nothing was sent to your customers.`);
    }
    throw error;
  }
}

/**
 * Checks a customer's upload against the rules. On success the temporary file holds what is to
 * be stored (an upright, location-free JPEG for a photo) and the report says what was checked;
 * on refusal the temporary file is gone.
 */
export async function checkUpload(ctx: AppContext, file: ReceivedFileData, rules: AcceptanceRules, whose: Whose): Promise<CheckedFile> {
  try {
    // A large file, or one clamd is sent, waits for a check slot, on disk rather than in memory
    // (see limiter.ts).
    const check = () => runChecks(ctx, file, rules, whose);
    return await (needsCheckSlot(file.size, Boolean(ctx.config.clamavSocket)) ? checkSlots.run(check) : check());
  } catch (error) {
    rmSync(file.tempPath, { force: true });
    throw error;
  }
}

async function runChecks(ctx: AppContext, file: ReceivedFileData, rules: AcceptanceRules, whose: Whose): Promise<CheckedFile> {
  const refuse = (refusal: Refusal): never => {
    throw new UploadRefused(refusal, rules);
  };
  // Only clamd is sent the whole file from here; pdf.js and the image decoding read it on a check
  // thread (check-workers.ts), which gives up on a file that holds it too long.
  const virusScan = ctx.config.clamavSocket ? await scanForViruses(ctx, new Uint8Array(await Bun.file(file.tempPath).arrayBuffer()), whose, rules) : "not_configured";
  // A file past the time limit is the file's doing; a thread that failed may be ours (a thread
  // that cannot start refuses every upload), so that one is logged as an error.
  const abandoned = (error: unknown, rule: "readable_pdf" | "readable_image"): never => {
    if (!(error instanceof CheckAbandoned)) throw error;
    ctx.log[error.reason === "time_limit" ? "warn" : "error"]("document check abandoned; upload refused", { error: error.message, ...logFields(whose), documentId: whose.documentId });
    return refuse({ rule });
  };
  const kind = kindOf(file.mimeType);
  if (!kind || !rules.kinds.includes(kind)) refuse({ rule: "kind", kind });
  const base: CheckReport = {
    kind: kind!,
    pageCount: null,
    restricted: false,
    passwordProtected: false,
    width: null,
    height: null,
    orientationApplied: false,
    locationRemoved: false,
    metadataRemoved: false,
    convertedFrom: null,
    virusScan,
    rules: describeRules(rules, kind!),
  };

  if (kind === "pdf") {
    const pdf = await inspectPdfOnThread(file.tempPath, ctx.config.checkTimeLimitMs).catch((error) => abandoned(error, "readable_pdf"));
    if (!pdf.readable) {
      if (pdf.reason === "unreadable") refuse({ rule: "readable_pdf" });
      if (rules.noPassword) refuse({ rule: "password" });
      // Allowed by the broker: stored as sent, its pages unknown.
      return { ...file, pageCount: null, report: { ...base, passwordProtected: true } };
    }
    if (rules.minPages !== null && pdf.pageCount < rules.minPages) refuse({ rule: "min_pages", pages: pdf.pageCount });
    if (rules.maxPages !== null && pdf.pageCount > rules.maxPages) refuse({ rule: "max_pages", pages: pdf.pageCount });
    return { ...file, pageCount: pdf.pageCount, report: { ...base, pageCount: pdf.pageCount, restricted: pdf.restricted } };
  }

  let image;
  try {
    image = await prepareImageOnThread(file.tempPath, file.mimeType, ctx.config.checkTimeLimitMs);
  } catch (error) {
    if (error instanceof ImageUnreadable) refuse({ rule: "readable_image" });
    if (error instanceof ImageTooLarge) refuse({ rule: "max_pixels", width: error.width, height: error.height });
    abandoned(error, "readable_image");
  }
  const short = Math.min(image!.width, image!.height);
  const long = Math.max(image!.width, image!.height);
  if (short < rules.minImageShortSide || long < rules.minImageLongSide) refuse({ rule: "min_resolution", width: image!.width, height: image!.height });
  const originalName = image!.convertedFrom ? file.originalName.replace(/\.(heic|heif)$/i, "") + ".jpg" : file.originalName;
  return {
    ...file,
    originalName,
    mimeType: image!.mimeType,
    size: image!.size,
    pageCount: null,
    report: {
      ...base,
      width: image!.width,
      height: image!.height,
      orientationApplied: image!.orientationApplied,
      locationRemoved: image!.locationRemoved,
      metadataRemoved: image!.metadataRemoved,
      convertedFrom: image!.convertedFrom,
    },
  };
}
