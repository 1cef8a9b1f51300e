// Export rules shared by server and browser: the file-name pattern a broker sets, how a name is
// made safe on every operating system, collisions, and the manifest's CSV cells.

export const EXPORT_SCOPES = ["approved", "all"] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

export const DEFAULT_FILE_NAME_PATTERN = "{customer} - {document}.{ext}";
export const MAX_FILE_NAME_PATTERN_LENGTH = 120;
/** Customers in one many-customer export (one request, one ZIP). */
export const MAX_EXPORT_CUSTOMERS = 500;
export const MANIFEST_NAME = "manifest.csv";

/** What a pattern may say; anything else in braces is refused, so a typo never lands in every file name. */
export const PATTERN_FIELDS = ["customer", "document", "ext", "status", "uploaded", "original"] as const;
export type PatternField = (typeof PATTERN_FIELDS)[number];

export const exportMessages = {
  patternEmpty: "Enter a file name pattern.",
  patternTooLong: `The file name pattern can be at most ${MAX_FILE_NAME_PATTERN_LENGTH} characters.`,
  patternNeedsDocument: "The file name pattern must contain {document} or {original}.",
  patternUnknownField: (field: string) => `Unknown field {${field}}. Use ${PATTERN_FIELDS.map((f) => `{${f}}`).join(", ")}.`,
  noCustomers: "Choose at least one customer to export.",
  tooManyCustomers: `Export at most ${MAX_EXPORT_CUSTOMERS} customers at once.`,
  tooLarge: "This export is larger than 4 GB. Export fewer customers at once.",
} as const;

/** The problem with a pattern, or null when it is usable. */
export function patternProblem(pattern: string): string | null {
  const trimmed = pattern.trim();
  if (!trimmed) return exportMessages.patternEmpty;
  if (trimmed.length > MAX_FILE_NAME_PATTERN_LENGTH) return exportMessages.patternTooLong;
  for (const match of trimmed.matchAll(/\{([^{}]*)\}/g)) {
    if (!(PATTERN_FIELDS as readonly string[]).includes(match[1]!)) return exportMessages.patternUnknownField(match[1]!);
  }
  if (!/\{(document|original)\}/.test(trimmed)) return exportMessages.patternNeedsDocument;
  return null;
}

/** The pattern filled in; unknown fields stay as written (patternProblem refuses them on save). */
export function fillPattern(pattern: string, values: Record<PatternField, string>): string {
  return pattern.replace(/\{([a-z]+)\}/g, (whole, field: string) => (field in values ? values[field as PatternField] : whole));
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const MAX_NAME_BYTES = 200; // under every common file system's 255-byte limit, with room for " (2)"

/**
 * One path segment safe on Windows, macOS and Linux: no separators, no characters Windows
 * refuses (<>:"/\|?*), no control characters, no trailing dots or spaces, no reserved device
 * names, no "." or "..", at most 200 UTF-8 bytes (the extension kept).
 */
export function safeFileName(name: string, fallback = "file"): string {
  let clean = name
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, "_")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[. ]+$/, "");
  if (!clean || /^\.+$/.test(clean)) clean = fallback;
  if (WINDOWS_RESERVED.test(clean)) clean = `_${clean}`;
  return truncateBytes(clean, MAX_NAME_BYTES);
}

function truncateBytes(name: string, max: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(name).length <= max) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
  let base = [...name.slice(0, name.length - ext.length)];
  while (base.length && encoder.encode(base.join("") + ext).length > max) base.pop();
  return base.join("").trimEnd() + ext;
}

/**
 * Hands out names unique within one folder, compared as Windows and macOS do (case-insensitive):
 * the second "Jane - ID.pdf" becomes "Jane - ID (2).pdf".
 */
export function uniqueNamer(taken: string[] = []): (name: string) => string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  return (name) => {
    let candidate = name;
    const dot = name.lastIndexOf(".");
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would run as a formula (= + - @, or a tab/carriage return first) is prefixed with
 * an apostrophe, so a customer's file name cannot run anything in the broker's Excel.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(",")}\r\n`;

export const MANIFEST_HEADER = ["Document", "File", "Status", "Uploaded", "Approved by", "Approved at", "Size (bytes)", "SHA-256"];
