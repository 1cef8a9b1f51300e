import { TextArea as AriaTextArea, TextField as AriaTextField } from "react-aria-components";
import { cx } from "./cx";
import { FieldHelp, FieldLabel, textBoxLook } from "./Field";

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
      <FieldLabel label={label} isRequired={isRequired} />
      <AriaTextArea placeholder={placeholder} rows={4} className={cx(textBoxLook, "py-2")} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
