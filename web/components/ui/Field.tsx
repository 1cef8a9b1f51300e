// The parts every labelled input of the kit shares, so labels, required marks, help and errors
// look and read the same in each of them. Used inside a React Aria field (TextField, Select…),
// which wires the label, description and error to the input.
import { FieldError, Label, Text } from "react-aria-components";

/** The border, focus ring and invalid state of a text box (TextField and TextArea add their height). */
export const textBoxLook =
  "w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 " +
  "placeholder:text-slate-400 outline-none data-focused:border-brand-500 data-focused:ring-2 " +
  "data-focused:ring-brand-200 data-invalid:border-red-500 data-disabled:bg-slate-100";

/** The visible label; the star is hidden from screen readers, which announce "required" themselves. */
export function FieldLabel({ label, isRequired, hideLabel }: { label: string; isRequired?: boolean; hideLabel?: boolean }) {
  return (
    <Label className={hideLabel ? "sr-only" : "text-sm font-medium text-slate-800"}>
      {label}
      {isRequired ? <span aria-hidden="true" className="text-red-600"> *</span> : null}
    </Label>
  );
}

/** The description and the error under a field. */
export function FieldHelp({ description, errorMessage }: { description?: string; errorMessage?: string }) {
  return (
    <>
      {description ? (
        <Text slot="description" className="text-sm text-slate-500">
          {description}
        </Text>
      ) : null}
      <FieldError className="text-sm text-red-700">{errorMessage}</FieldError>
    </>
  );
}
