import { Plus } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";

/** The name of a custom document to request, and its Add button. */
export function CustomDocumentInput({
  value,
  onChange,
  onAdd,
  isFull,
}: {
  value: string;
  onChange: (value: string) => void;
  onAdd: () => void;
  /** No room for another document under the plan's limit. */
  isFull: boolean;
}) {
  return (
    <div className="flex items-end gap-2">
      <TextField
        label="Custom document"
        placeholder="e.g. Divorce decree"
        value={value}
        onChange={onChange}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          // Enter adds the document instead of submitting the dialog around it.
          event.preventDefault();
          onAdd();
        }}
        className="min-w-0 flex-1"
      />
      <Button variant="secondary" onPress={onAdd} isDisabled={!value.trim() || isFull}>
        <Plus aria-hidden="true" className="size-4" />
        Add
      </Button>
    </div>
  );
}
