import { FieldError, Label, Text, TextArea as AriaTextArea, TextField as AriaTextField } from "react-aria-components";
import { cx } from "./cx";

export interface TextAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
  /** Shown under the field and marks it invalid. */
  errorMessage?: string;
  description?: string;
  placeholder?: string;
  className?: string;
}

/** A labelled multi-line text input. */
export function TextArea({ label, value, onChange, isRequired, errorMessage, description, placeholder, className }: TextAreaProps) {
  return (
    <AriaTextField
      value={value}
      onChange={onChange}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx("flex flex-col gap-1.5", className)}
    >
      <Label className="text-sm font-medium text-slate-800">
        {label}
        {isRequired ? <span aria-hidden="true" className="text-red-600"> *</span> : null}
      </Label>
      <AriaTextArea
        placeholder={placeholder}
        rows={4}
        className={cx(
          "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900",
          "placeholder:text-slate-400 outline-none data-focused:border-brand-500 data-focused:ring-2",
          "data-focused:ring-brand-200 data-invalid:border-red-500 data-disabled:bg-slate-100",
        )}
      />
      {description ? (
        <Text slot="description" className="text-sm text-slate-500">
          {description}
        </Text>
      ) : null}
      <FieldError className="text-sm text-red-700">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
