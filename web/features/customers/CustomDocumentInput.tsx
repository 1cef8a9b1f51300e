import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";

/**
 * The name of a custom document to request, and its Add button. `onAdd` gets the trimmed name
 * and says whether it was added: then the field empties; otherwise it keeps the name, trimmed.
 */
export function CustomDocumentInput({ onAdd, isFull }: { onAdd: (name: string) => boolean; isFull: boolean }) {
  const [value, setValue] = useState("");
  const add = () => {
    const name = value.trim();
    setValue(onAdd(name) ? "" : name);
  };
  return (
    <div className="flex items-end gap-2">
      <TextField
        label="Custom document"
        placeholder="e.g. Divorce decree"
        value={value}
        onChange={setValue}
        onKeyDown={(event) => {
          // React Aria stops every key here unless told otherwise: only Enter is this field's,
          // so Escape still closes the dialog and Tab still moves on.
          if (event.key !== "Enter") {
            event.continuePropagation();
            return;
          }
          // Enter adds the document instead of submitting the dialog around it.
          event.preventDefault();
          add();
        }}
        className="min-w-0 flex-1"
      />
      <Button variant="secondary" onPress={add} isDisabled={!value.trim() || isFull}>
        <Plus aria-hidden="true" className="size-4" />
        Add
      </Button>
    </div>
  );
}
