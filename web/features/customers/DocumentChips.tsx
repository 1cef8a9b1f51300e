import { X } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { cx } from "../../components/ui/cx";

/** Chosen documents as chips, each with its own Remove button. */
export function DocumentChips({
  names,
  onRemove,
  label,
  className,
}: {
  names: readonly string[];
  onRemove: (name: string) => void;
  label?: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cx("flex flex-wrap gap-2", className)}>
      {names.map((name) => (
        <li key={name} className="flex items-center gap-1 rounded-full border border-slate-200 bg-white py-0.5 pl-3 text-sm text-slate-800">
          {name}
          <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} onPress={() => onRemove(name)} className="-my-2 rounded-full">
            <X aria-hidden="true" className="size-4" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
