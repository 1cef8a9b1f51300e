// The fields on one page of the document, drawn over pdf.js's page (PdfViewer's `pageOverlay`).
// Mouse and touch: with a field type chosen, a click or tap on the page places it there; a field
// is dragged to move and its corner handle dragged to resize. Keyboard: a field is focusable,
// arrow keys move it, Shift+arrows resize it, Delete removes it. Every change goes through the
// pure rules of placement.ts, in fractions of the page.
import { useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { FIELD_LABELS, type FieldType } from "@shared/signatures";
import { cx } from "../../components/ui/cx";
import { arrowChange, describeField, fieldAt, movedBy, resizedBy, signerColour, type PlacedField } from "./placement";

export const FIELD_KEYS_HELP_ID = "signature-field-keys";
export const fieldElementId = (key: string) => `placed-${key}`;

export interface PageFieldsProps {
  /** 1-based. */
  page: number;
  /** The page as drawn now, in CSS pixels. */
  width: number;
  height: number;
  fields: readonly PlacedField[];
  signerNames: readonly string[];
  selectedKey: string | null;
  /** The type a click places, or null when no type is chosen (a click then only deselects). */
  armed: { type: FieldType; signer: number; required: boolean } | null;
  onPlace: (field: PlacedField) => void;
  onChange: (field: PlacedField) => void;
  onRemove: (key: string) => void;
  onSelect: (key: string | null) => void;
}

export function PageFields({ page, width, height, fields, signerNames, selectedKey, armed, onPlace, onChange, onRemove, onSelect }: PageFieldsProps) {
  const place = (event: MouseEvent<HTMLDivElement>) => {
    if (!armed || width <= 0 || height <= 0) return onSelect(null);
    // The page's own box: the overlay covers it exactly.
    const box = event.currentTarget.getBoundingClientRect();
    onPlace(fieldAt({ ...armed, page, x: (event.clientX - box.left) / width, y: (event.clientY - box.top) / height }));
  };
  return (
    <div
      data-testid={`page-fields-${page}`}
      onClick={place}
      className={cx("absolute inset-0", armed && "cursor-crosshair")}
    >
      {fields
        .filter((f) => f.page === page)
        .map((field) => (
          <FieldBox
            key={field.key}
            field={field}
            pageWidth={width}
            pageHeight={height}
            signerName={signerNames[field.signer] ?? ""}
            selected={field.key === selectedKey}
            onChange={onChange}
            onRemove={() => onRemove(field.key)}
            onSelect={() => onSelect(field.key)}
          />
        ))}
    </div>
  );
}

interface Drag {
  pointerId: number;
  mode: "move" | "resize";
  startX: number;
  startY: number;
  field: PlacedField;
}

function FieldBox({
  field,
  pageWidth,
  pageHeight,
  signerName,
  selected,
  onChange,
  onRemove,
  onSelect,
}: {
  field: PlacedField;
  pageWidth: number;
  pageHeight: number;
  signerName: string;
  selected: boolean;
  onChange: (field: PlacedField) => void;
  onRemove: () => void;
  onSelect: () => void;
}) {
  const drag = useRef<Drag | null>(null);
  const colour = signerColour(field.signer);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    if (target.dataset.remove !== undefined) return; // the remove mark's click does its work
    event.stopPropagation();
    onSelect();
    drag.current = { pointerId: event.pointerId, mode: target.dataset.handle !== undefined ? "resize" : "move", startX: event.clientX, startY: event.clientY, field };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId || pageWidth <= 0 || pageHeight <= 0) return;
    const dx = (event.clientX - d.startX) / pageWidth;
    const dy = (event.clientY - d.startY) / pageHeight;
    onChange(d.mode === "move" ? movedBy(d.field, dx, dy) : resizedBy(d.field, dx, dy));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      event.stopPropagation();
      return onRemove();
    }
    const change = arrowChange(event.key, event.shiftKey);
    if (!change) return;
    // The viewer scrolls with arrow keys; on a field they move the field instead.
    event.preventDefault();
    event.stopPropagation();
    onChange(change.resize ? resizedBy(field, change.dx, change.dy) : movedBy(field, change.dx, change.dy));
  };

  return (
    <div
      id={fieldElementId(field.key)}
      role="button"
      tabIndex={0}
      aria-label={describeField(field, signerName)}
      aria-describedby={FIELD_KEYS_HELP_ID}
      aria-pressed={selected}
      data-field-type={field.type}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={onKeyDown}
      onFocus={onSelect}
      className={cx(
        "absolute flex cursor-move touch-none items-center overflow-hidden rounded-sm border-2 px-1 text-left text-[11px] leading-tight font-medium text-slate-900 outline-none select-none",
        "focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-offset-1",
        selected && "ring-2 ring-slate-900",
      )}
      style={{
        left: `${field.x * 100}%`,
        top: `${field.y * 100}%`,
        width: `${field.width * 100}%`,
        height: `${field.height * 100}%`,
        borderColor: colour.border,
        background: colour.tint,
      }}
    >
      <span aria-hidden="true" className="truncate">
        {FIELD_LABELS[field.type]}
        {field.required ? " *" : ""}
      </span>
      {selected ? (
        <>
          {/* Mouse and touch only: keyboard users have Delete, the list and the buttons beside the page. */}
          <span
            aria-hidden="true"
            data-remove=""
            title="Remove field"
            onClick={(event) => {
              event.stopPropagation();
              onRemove();
            }}
            className="absolute top-0 right-0 flex size-4 cursor-pointer items-center justify-center rounded-bl bg-slate-900 text-[10px] text-white"
          >
            ×
          </span>
          <span
            aria-hidden="true"
            data-handle=""
            title="Drag to resize"
            className="absolute right-0 bottom-0 size-3 cursor-nwse-resize bg-slate-900"
          />
        </>
      ) : null}
    </div>
  );
}
