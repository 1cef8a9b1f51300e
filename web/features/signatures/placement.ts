// Where a broker's fields sit on the document's pages, as DESIGN 3b sends them: fractions (0–1) of
// the page as pdf.js shows it, from its top-left corner. Pure, so mouse, touch, keyboard and the
// arrow buttons all move a field by the same rules, and the tests read the same numbers the
// server receives.
import { FIELD_LABELS, MIN_FIELD_SIZE, type FieldType, type SignatureField } from "@shared/signatures";

/** A placed field, with a key of its own so React and focus can follow it while it moves. */
export interface PlacedField extends SignatureField {
  key: string;
}

/** A new field's size, as fractions of the page: a signature line, a small box for a tick. */
const DEFAULT_SIZES: Record<FieldType, { width: number; height: number }> = {
  signature: { width: 0.3, height: 0.06 },
  initials: { width: 0.1, height: 0.05 },
  date: { width: 0.2, height: 0.04 },
  name: { width: 0.3, height: 0.04 },
  text: { width: 0.3, height: 0.04 },
  checkbox: { width: 0.04, height: 0.03 },
};

/** One press of an arrow key or an arrow button moves or resizes a field by 1 % of the page. */
export const STEP = 0.01;

// Four decimals (a tenth of a millimetre on A4): what is sent stays readable and free of float noise.
const round = (n: number) => Math.round(n * 10_000) / 10_000;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The field kept whole on its page: at least the smallest size, never reaching outside. */
export function keptOnPage<F extends SignatureField>(field: F): F {
  const width = clamp(field.width, MIN_FIELD_SIZE, 1);
  const height = clamp(field.height, MIN_FIELD_SIZE, 1);
  return {
    ...field,
    width: round(width),
    height: round(height),
    x: round(clamp(field.x, 0, 1 - width)),
    y: round(clamp(field.y, 0, 1 - height)),
  };
}

let counter = 0;
const newKey = () => `field-${++counter}`;

/** A new field of `type` centred on the point (fractions of the page), kept on the page. */
export function fieldAt(input: { type: FieldType; page: number; x: number; y: number; signer: number; required: boolean }): PlacedField {
  const size = DEFAULT_SIZES[input.type];
  return keptOnPage({
    key: newKey(),
    type: input.type,
    page: input.page,
    signer: input.signer,
    required: input.required,
    width: size.width,
    height: size.height,
    x: input.x - size.width / 2,
    y: input.y - size.height / 2,
  });
}

export const movedBy = <F extends SignatureField>(field: F, dx: number, dy: number): F => keptOnPage({ ...field, x: field.x + dx, y: field.y + dy });

/** Grows or shrinks from the top-left corner, which stays where it is. */
export function resizedBy<F extends SignatureField>(field: F, dw: number, dh: number): F {
  const width = clamp(field.width + dw, MIN_FIELD_SIZE, 1 - field.x);
  const height = clamp(field.height + dh, MIN_FIELD_SIZE, 1 - field.y);
  return keptOnPage({ ...field, width, height });
}

/** What an arrow key does to a field: move it, or with Shift resize it. Null for any other key. */
export function arrowChange(key: string, shift: boolean): { dx: number; dy: number; resize: boolean } | null {
  const d = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[key];
  return d ? { dx: d[0]!, dy: d[1]!, resize: shift } : null;
}

/** Fields as stored (a template's), each given a key to be placed and moved here. */
export const placedFrom = (fields: readonly SignatureField[]): PlacedField[] => fields.map((field) => ({ ...field, key: newKey() }));

/** The wire shape (DESIGN 3b): the fields without their keys. */
export const toRequestFields = (fields: readonly PlacedField[]): SignatureField[] =>
  fields.map(({ key: _key, ...field }) => field);

/** "Signature for Grace Hopper, page 1, required": how a field is named to a screen reader and in the list. */
export const describeField = (field: SignatureField, signerName: string) =>
  `${FIELD_LABELS[field.type]} for ${signerName || `signer ${field.signer + 1}`}, page ${field.page}, ${field.required ? "required" : "optional"}`;

/**
 * The signers once one is removed: their fields go with them, and the fields of later signers
 * follow their signer down one place (the `signer` index is a position in the list).
 */
export function withoutSigner(fields: readonly PlacedField[], removed: number): PlacedField[] {
  return fields.filter((f) => f.signer !== removed).map((f) => (f.signer > removed ? { ...f, signer: f.signer - 1 } : f));
}

/** Distinct colours for up to MAX_SIGNERS signers: a border and a tint, text stays dark for contrast. */
export const SIGNER_COLOURS = [
  { border: "#2563eb", tint: "rgba(37, 99, 235, 0.14)" },
  { border: "#c026d3", tint: "rgba(192, 38, 211, 0.14)" },
  { border: "#0d9488", tint: "rgba(13, 148, 136, 0.14)" },
  { border: "#ea580c", tint: "rgba(234, 88, 12, 0.14)" },
  { border: "#7c3aed", tint: "rgba(124, 58, 237, 0.14)" },
  { border: "#be123c", tint: "rgba(190, 18, 60, 0.14)" },
  { border: "#4d7c0f", tint: "rgba(77, 124, 15, 0.14)" },
  { border: "#0369a1", tint: "rgba(3, 105, 161, 0.14)" },
  { border: "#a16207", tint: "rgba(161, 98, 7, 0.14)" },
  { border: "#475569", tint: "rgba(71, 85, 105, 0.14)" },
] as const;
export const signerColour = (signer: number) => SIGNER_COLOURS[signer % SIGNER_COLOURS.length]!;
