// Placing the fields on the document (issue 41): the type to place, for which signer, required or
// not; the PDF drawn by the app's viewer with each page's fields over it (PageFields.tsx); the
// selected field's controls (arrow buttons for phones and anyone without a mouse); and the list of
// placed fields, which says in words what the page shows in colours.
import { useEffect, useRef, useState, type ComponentType } from "react";
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Plus, Trash2 } from "lucide-react";
import { ToggleButton, ToggleButtonGroup, type Key } from "react-aria-components";
import { FIELD_LABELS, FIELD_TYPES, type FieldType } from "@shared/signatures";
import { PdfViewer as LazyPdfViewer } from "../../components/pdf/LazyPdfViewer";
import type { PdfViewerProps } from "../../components/pdf/PdfViewer";
import { Button } from "../../components/ui/Button";
import { Checkbox } from "../../components/ui/Checkbox";
import { cx } from "../../components/ui/cx";
import { Select } from "../../components/ui/Select";
import { FIELD_KEYS_HELP_ID, fieldElementId, PageFields } from "./PageFields";
import { describeField, fieldAt, movedBy, resizedBy, signerColour, STEP, type PlacedField } from "./placement";

const ADD_FIELD_ID = "signature-add-field";

export interface FieldPlacerProps {
  file: File;
  fields: readonly PlacedField[];
  onFieldsChange: (fields: PlacedField[]) => void;
  signerNames: readonly string[];
  onPageCount: (count: number) => void;
  /** The viewer that draws the pages; the app's lazy pdf.js viewer unless a test gives its own. */
  Viewer?: ComponentType<PdfViewerProps>;
}

/**
 * The centre of the part of a page most in view, as fractions of that page: where "Add field"
 * puts a field so it appears where the broker is looking. Read from the layout at the press.
 */
function visiblePageCentre(root: HTMLElement | null): { page: number; x: number; y: number } {
  const best = { page: 1, x: 0.5, y: 0.5, area: 0 };
  const scroller = root?.querySelector<HTMLElement>('[role="region"][tabindex="0"]');
  if (!root || !scroller) return best;
  const view = scroller.getBoundingClientRect();
  for (const holder of root.querySelectorAll<HTMLElement>("[data-page]")) {
    const r = holder.getBoundingClientRect();
    const [left, right] = [Math.max(r.left, view.left), Math.min(r.right, view.right)];
    const [top, bottom] = [Math.max(r.top, view.top), Math.min(r.bottom, view.bottom)];
    const area = Math.max(0, right - left) * Math.max(0, bottom - top);
    if (area > best.area && r.width > 0 && r.height > 0) {
      Object.assign(best, { page: Number(holder.dataset.page), x: ((left + right) / 2 - r.left) / r.width, y: ((top + bottom) / 2 - r.top) / r.height, area });
    }
  }
  return best;
}

export function FieldPlacer({ file, fields, onFieldsChange, signerNames, onPageCount, Viewer = LazyPdfViewer }: FieldPlacerProps) {
  const [type, setType] = useState<FieldType>("signature");
  const [armed, setArmed] = useState(false);
  const [signer, setSigner] = useState(0);
  const [required, setRequired] = useState(true);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const viewerRoot = useRef<HTMLDivElement>(null);
  const selected = fields.find((f) => f.key === selectedKey) ?? null;
  const signerOptions = signerNames.map((name, i) => ({ id: String(i), label: name || `Signer ${i + 1}` }));

  // A signer removed while chosen: new fields go to the customer.
  useEffect(() => {
    if (signer >= signerNames.length) setSigner(0);
  }, [signer, signerNames.length]);
  // A field placed by "Add field" takes the focus, so the arrow keys work on it at once.
  useEffect(() => {
    if (!focusKey) return;
    document.getElementById(fieldElementId(focusKey))?.focus();
    setFocusKey(null);
  }, [focusKey, fields]);

  const change = (next: PlacedField) => onFieldsChange(fields.map((f) => (f.key === next.key ? next : f)));
  const remove = (key: string) => {
    // Removed from its own focus (Delete): the focus goes to Add field, not to the page's end.
    const hadFocus = document.activeElement?.id === fieldElementId(key);
    onFieldsChange(fields.filter((f) => f.key !== key));
    if (selectedKey === key) setSelectedKey(null);
    if (hadFocus) document.getElementById(ADD_FIELD_ID)?.focus();
  };
  const place = (field: PlacedField) => {
    onFieldsChange([...fields, field]);
    setSelectedKey(field.key);
    setArmed(false);
  };
  const addAtCentre = () => {
    const at = visiblePageCentre(viewerRoot.current);
    const field = fieldAt({ type, signer, required, ...at });
    place(field);
    setFocusKey(field.key);
  };
  const nudge = (dx: number, dy: number, resize = false) => selected && change(resize ? resizedBy(selected, dx, dy) : movedBy(selected, dx, dy));

  return (
    <div className="flex min-h-0 flex-col gap-4 lg:grid lg:h-full lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex flex-col gap-3 lg:col-start-2 lg:row-start-1 lg:min-h-0 lg:overflow-y-auto">
        <div className="flex flex-col gap-1.5">
          <span id="field-type-label" className="text-sm font-medium text-slate-800">
            Field to place
          </span>
          <ToggleButtonGroup
            aria-labelledby="field-type-label"
            selectionMode="single"
            selectedKeys={armed ? [type] : []}
            onSelectionChange={(keys: Set<Key>) => {
              const [key] = keys;
              if (key === undefined) return setArmed(false);
              setType(String(key) as FieldType);
              setArmed(true);
            }}
            className="flex flex-wrap gap-1"
          >
            {FIELD_TYPES.map((t) => (
              <ToggleButton
                key={t}
                id={t}
                className={cx(
                  "min-h-11 cursor-pointer rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 outline-none",
                  "data-hovered:bg-slate-50 data-focus-visible:ring-2 data-focus-visible:ring-brand-500",
                  "data-selected:border-brand-600 data-selected:bg-brand-600 data-selected:text-white",
                )}
              >
                {FIELD_LABELS[t]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <p className="text-sm text-slate-600" aria-live="polite">
            {armed ? `Click or tap on the page where the ${FIELD_LABELS[type].toLowerCase()} field goes.` : "Choose a field, then click or tap on the page, or press Add field."}
          </p>
        </div>
        <Select label="For signer" selectedKey={String(signer)} onSelectionChange={(key) => setSigner(Number(key))} options={signerOptions} />
        <Checkbox isSelected={required} onChange={setRequired}>
          Required
        </Checkbox>
        <Button id={ADD_FIELD_ID} variant="secondary" onPress={addAtCentre}>
          <Plus aria-hidden="true" className="size-4" />
          Add field
        </Button>

        {selected ? (
          <SelectedFieldControls
            field={selected}
            signerOptions={signerOptions}
            signerName={signerNames[selected.signer] ?? ""}
            onChange={change}
            onRemove={() => remove(selected.key)}
            onNudge={nudge}
          />
        ) : null}

        <div>
          <h3 id="placed-fields-heading" className="text-sm font-medium text-slate-800">
            Placed fields ({fields.length})
          </h3>
          {fields.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">No fields placed yet.</p>
          ) : (
            <ul aria-labelledby="placed-fields-heading" className="mt-1 flex flex-col gap-1">
              {fields.map((field) => (
                <li key={field.key}>
                  <button
                    type="button"
                    aria-pressed={field.key === selectedKey}
                    onClick={() => {
                      setSelectedKey(field.key);
                      document.getElementById(fieldElementId(field.key))?.scrollIntoView?.({ block: "nearest" });
                    }}
                    className={cx(
                      "flex min-h-11 w-full items-center gap-2 rounded-lg border px-2 text-left text-sm text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                      field.key === selectedKey ? "border-slate-900 bg-slate-50" : "border-slate-200 bg-white",
                    )}
                  >
                    <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ background: signerColour(field.signer).border }} />
                    {describeField(field, signerNames[field.signer] ?? "")}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p id={FIELD_KEYS_HELP_ID} className="text-sm text-slate-600">
          On a placed field: arrow keys move it, Shift and arrow keys resize it, Delete removes it.
        </p>
      </div>

      <div ref={viewerRoot} className="flex h-[75dvh] min-h-0 flex-col lg:col-start-1 lg:row-start-1 lg:h-full">
        <Viewer
          source={file}
          name={file.name}
          className="h-full"
          onLoad={({ pageSizes }) => onPageCount(pageSizes.length)}
          pageOverlay={({ index, size, scale }) => (
            <PageFields
              page={index + 1}
              width={Math.floor(size.width * scale)}
              height={Math.floor(size.height * scale)}
              fields={fields}
              signerNames={signerNames}
              selectedKey={selectedKey}
              armed={armed ? { type, signer, required } : null}
              onPlace={place}
              onChange={change}
              onRemove={remove}
              onSelect={setSelectedKey}
            />
          )}
        />
      </div>
    </div>
  );
}

function SelectedFieldControls({
  field,
  signerOptions,
  signerName,
  onChange,
  onRemove,
  onNudge,
}: {
  field: PlacedField;
  signerOptions: { id: string; label: string }[];
  signerName: string;
  onChange: (field: PlacedField) => void;
  onRemove: () => void;
  onNudge: (dx: number, dy: number, resize?: boolean) => void;
}) {
  const arrow = "size-11";
  return (
    <section aria-labelledby="selected-field-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 id="selected-field-heading" className="text-sm font-medium text-slate-800">
        Selected: {describeField(field, signerName)}
      </h3>
      <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Move the selected field">
        <Button variant="secondary" size="icon" className={arrow} aria-label="Move left" onPress={() => onNudge(-STEP, 0)}>
          <ArrowLeft aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="secondary" size="icon" className={arrow} aria-label="Move up" onPress={() => onNudge(0, -STEP)}>
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="secondary" size="icon" className={arrow} aria-label="Move down" onPress={() => onNudge(0, STEP)}>
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="secondary" size="icon" className={arrow} aria-label="Move right" onPress={() => onNudge(STEP, 0)}>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Resize the selected field">
        <Button variant="secondary" size="sm" onPress={() => onNudge(-STEP, 0, true)}>Narrower</Button>
        <Button variant="secondary" size="sm" onPress={() => onNudge(STEP, 0, true)}>Wider</Button>
        <Button variant="secondary" size="sm" onPress={() => onNudge(0, -STEP, true)}>Shorter</Button>
        <Button variant="secondary" size="sm" onPress={() => onNudge(0, STEP, true)}>Taller</Button>
      </div>
      <Select label="Signer of this field" selectedKey={String(field.signer)} onSelectionChange={(key) => onChange({ ...field, signer: Number(key) })} options={signerOptions} />
      <Checkbox isSelected={field.required} onChange={(req) => onChange({ ...field, required: req })}>
        This field is required
      </Checkbox>
      <Button variant="secondary" size="sm" onPress={onRemove}>
        <Trash2 aria-hidden="true" className="size-4" />
        Remove field
      </Button>
    </section>
  );
}
