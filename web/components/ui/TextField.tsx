import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from "react-aria-components";
import { cx } from "./cx";

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
      <Label className="text-sm font-medium text-slate-800">
        {label}
        {props.isRequired ? <span aria-hidden="true" className="text-red-600"> *</span> : null}
      </Label>
      <Input
        placeholder={placeholder}
        className={cx(
          "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900",
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
