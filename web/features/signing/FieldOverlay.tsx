// The fields on one page of the document, drawn over pdf.js's rendering (PdfViewer's pageOverlay):
// this signer's fields as controls in place (highlighted, filled in where they stand), the other
// signers' as faint boxes. A field's box is fractions of the page, so it follows every zoom. Each
// control is at least a finger's size even when the box on the page is smaller.
import type { CSSProperties } from "react";
import { MAX_INITIALS_LENGTH, MAX_TEXT_LENGTH, type FieldValues, type SignatureField } from "@shared/signatures";
import type { PdfPageOverlay } from "../../components/pdf/PdfViewer";
import { cx } from "../../components/ui/cx";
import { useT } from "../../lib/i18n/use-t";
import { fieldLabel, isMissing, type Adopted, type MyField } from "./signing-rules";

/** A script-like face the device already has: no font file is downloaded for it. */
export const SCRIPT_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", "Z003", cursive';
const MIN_TARGET = 44;
const MIN_TEXT_HEIGHT = 36;

export interface FieldState {
  mine: MyField[];
  others: SignatureField[];
  values: FieldValues;
  adopted: Adopted;
  name: string;
  today: string;
  /** False when the signer can only read (signed, or not their turn). */
  editable: boolean;
  onValue: (index: number, value: string | boolean) => void;
  /** A signature field pressed: the adoption panel takes over. */
  onSignature: () => void;
}

/** The id a field's control carries, for "Next field". */
export const fieldElementId = (index: number) => `signing-field-${index}`;

function boxStyle(field: SignatureField, page: PdfPageOverlay, minWidth: number, minHeight: number): CSSProperties {
  const pageWidth = page.size.width * page.scale;
  const pageHeight = page.size.height * page.scale;
  const width = field.width * pageWidth;
  const height = field.height * pageHeight;
  const shownWidth = Math.max(width, minWidth);
  const shownHeight = Math.max(height, minHeight);
  // Grown around the box's centre, so it stays over the line the broker placed it on.
  return {
    position: "absolute",
    left: field.x * pageWidth + (width - shownWidth) / 2,
    top: field.y * pageHeight + (height - shownHeight) / 2,
    width: shownWidth,
    height: shownHeight,
    fontSize: Math.min(20, Math.max(14, shownHeight * 0.5)),
  };
}

export function FieldOverlay({ page, state }: { page: PdfPageOverlay; state: FieldState }) {
  const pageNumber = page.index + 1;
  return (
    <div className="absolute inset-0">
      {state.others
        .filter((field) => field.page === pageNumber)
        .map((field, i) => (
          <div key={`other-${i}`} aria-hidden="true" style={boxStyle(field, page, 0, 0)} className="rounded-sm border border-dashed border-slate-400 bg-slate-200/30" />
        ))}
      {state.mine
        .filter(({ field }) => field.page === pageNumber)
        .map((mine) => (
          <FieldControl key={mine.index} mine={mine} page={page} state={state} />
        ))}
    </div>
  );
}

function FieldControl({ mine, page, state }: { mine: MyField; page: PdfPageOverlay; state: FieldState }) {
  const t = useT();
  const { index, field } = mine;
  const missing = state.editable && isMissing(mine, state.values, state.adopted);
  const look = cx(
    "rounded-sm border-2 px-1 text-slate-900 outline-none focus-visible:ring-4 focus-visible:ring-brand-500 focus-visible:ring-offset-1",
    missing ? "border-amber-500 bg-amber-100/90" : "border-brand-600 bg-brand-50/80",
  );
  const label = fieldLabel(t, mine);
  const common = { id: fieldElementId(index), "data-field": index, disabled: !state.editable };
  const value = state.values[index];

  switch (field.type) {
    case "signature": {
      const { adopted } = state;
      // The words it shows are part of its name (WCAG 2.5.3): the typed signature, or "Sign here".
      const shown = adopted.type === "drawn" ? (adopted.png ? t("signing.drawn") : t("signing.signHere")) : adopted.text.trim() || t("signing.signHere");
      return (
        <button type="button" {...common} aria-label={t("signing.fieldShows", { label, shown })} onClick={state.onSignature} style={boxStyle(field, page, MIN_TARGET, MIN_TARGET)} className={cx(look, "flex items-center justify-center overflow-hidden")}>
          {adopted.type === "drawn" && adopted.png ? (
            <img src={adopted.png} alt="" className="max-h-full max-w-full object-contain" />
          ) : adopted.type === "typed" && adopted.text.trim() ? (
            <span className="truncate" style={{ fontFamily: SCRIPT_FONT }}>
              {adopted.text}
            </span>
          ) : (
            <span className="truncate text-sm font-medium text-amber-900">{t("signing.signHere")}</span>
          )}
        </button>
      );
    }
    case "checkbox":
      // A native box takes no highlight of its own: it sits in a frame that carries it.
      return (
        <span style={boxStyle(field, page, MIN_TARGET, MIN_TARGET)} className={cx(look, "flex items-center justify-center px-0 has-focus-visible:ring-4 has-focus-visible:ring-brand-500")}>
          <input
            type="checkbox"
            {...common}
            aria-label={label}
            checked={value === true}
            onChange={(event) => state.onValue(index, event.target.checked)}
            className="m-0 size-6 cursor-pointer accent-brand-600 outline-none"
          />
        </span>
      );
    case "date":
    case "name":
      // Filled in by the portal: shown as they will be printed, readable but not typed into.
      return (
        <input
          {...common}
          readOnly
          aria-label={t("signing.filledForYou", { label })}
          value={field.type === "date" ? state.today : state.name}
          style={boxStyle(field, page, MIN_TARGET, MIN_TEXT_HEIGHT)}
          className={cx(look, "border-slate-400 bg-white/80")}
        />
      );
    case "initials":
    case "text":
      return (
        <input
          {...common}
          aria-label={label}
          aria-required={field.required}
          maxLength={field.type === "initials" ? MAX_INITIALS_LENGTH : MAX_TEXT_LENGTH}
          value={typeof value === "string" ? value : ""}
          onChange={(event) => state.onValue(index, event.target.value)}
          placeholder={t(`signing.fieldTypes.${field.type}`)}
          style={{ ...boxStyle(field, page, MIN_TARGET, MIN_TEXT_HEIGHT), ...(field.type === "initials" ? { fontFamily: SCRIPT_FONT } : {}) }}
          className={look}
        />
      );
  }
}
