import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from "react-aria-components";
import { Check, ChevronDown } from "lucide-react";
import { cx } from "./cx";
import { FieldHelp, FieldLabel } from "./Field";

export interface SelectOption<K extends string> {
  id: K;
  label: string;
}

export interface SelectProps<K extends string> {
  label: string;
  selectedKey: K | null;
  onSelectionChange: (key: K) => void;
  options: SelectOption<K>[];
  isDisabled?: boolean;
  isRequired?: boolean;
  /** Hides the label visually; screen readers still read it. */
  hideLabel?: boolean;
  placeholder?: string;
  description?: string;
  /** Shown under the field and marks it invalid. */
  errorMessage?: string;
  className?: string;
}

/** A labelled single-choice dropdown (keyboard and screen-reader friendly via React Aria). */
export function Select<K extends string>({
  label,
  selectedKey,
  onSelectionChange,
  options,
  isDisabled,
  isRequired,
  hideLabel,
  placeholder,
  description,
  errorMessage,
  className,
}: SelectProps<K>) {
  return (
    <AriaSelect
      selectedKey={selectedKey}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onSelectionChange(String(key) as K);
      }}
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      placeholder={placeholder}
      className={cx("group flex flex-col gap-1.5", className)}
    >
      <FieldLabel label={label} isRequired={isRequired} hideLabel={hideLabel} />
      <AriaButton
        className={cx(
          "flex min-h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-300",
          "bg-white px-3 text-left text-base text-slate-900 outline-none data-focus-visible:border-brand-500",
          "data-focus-visible:ring-2 data-focus-visible:ring-brand-200 data-disabled:cursor-not-allowed data-disabled:bg-slate-100",
          "group-data-invalid:border-red-500",
        )}
      >
        <SelectValue className="truncate data-placeholder:text-slate-500" />
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </AriaButton>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover
        offset={4}
        className="max-h-72 w-(--trigger-width) overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg outline-none"
      >
        <ListBox items={options} className="p-1 outline-none">
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.label}
              className={cx(
                "group flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-md px-3 text-base",
                "text-slate-800 outline-none data-focused:bg-slate-100 data-selected:font-medium",
              )}
            >
              {option.label}
              <Check aria-hidden="true" className="hidden size-4 text-brand-600 group-data-selected:block" />
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
