import { Input, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from "react-aria-components";
import { cx } from "./cx";
import { FieldHelp, FieldLabel, textBoxLook } from "./Field";

export interface TextFieldProps extends Omit<AriaTextFieldProps, "className" | "children"> {
  label: string;
  description?: string;
  /** Shown under the field and marks it invalid. */
  errorMessage?: string;
  placeholder?: string;
  className?: string;
}

/** A labelled text input; its description and error are wired to the input for screen readers. */
export function TextField({ label, description, errorMessage, placeholder, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={props.isInvalid ?? Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx("flex flex-col gap-1.5", className)}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Input placeholder={placeholder} className={cx(textBoxLook, "min-h-11")} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
