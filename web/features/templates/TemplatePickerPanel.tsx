// "Start from a template" in Add New Customer and Request New Document: choosing a template ticks
// its documents in the dialog's checklist (with their descriptions and acceptance rules, which are
// sent with the request). A loan type that fits a ready-made template suggests it.
import { Sparkles } from "lucide-react";
import { useState } from "react";
import type { TemplateDto } from "@shared/api-types";
import { suggestTemplateId } from "@shared/checklist-templates";
import { loanTypeLabel } from "@shared/loan-types";
import { Button } from "../../components/ui/Button";
import { Select } from "../../components/ui/Select";
import type { DocumentChecklist } from "../customers/use-document-checklist";
import { useTemplatesQuery } from "./api";
import { CaseSuggestPanel } from "./CaseSuggestPanel";

const NONE = "none";

export interface TemplatePickerProps {
  checklist: Pick<DocumentChecklist, "fill">;
  /** The customer's loan type (id such as "fha"), if known: suggests a template. */
  loanType?: string | null;
}

/** "Start from a template" and "Describe the case", the two ways to fill a dialog's checklist. */
export function ChecklistStarters(props: TemplatePickerProps) {
  return (
    <>
      <TemplatePickerPanel {...props} />
      <CaseSuggestPanel checklist={props.checklist} />
    </>
  );
}

function TemplatePickerPanel({ checklist, loanType }: TemplatePickerProps) {
  const query = useTemplatesQuery();
  const [chosen, setChosen] = useState<string>(NONE);
  const [filled, setFilled] = useState<string | null>(null);
  const all: TemplateDto[] = [...(query.data?.own ?? []), ...(query.data?.readyMade ?? [])];
  // No templates to offer (still loading, or the request failed): the dialog works without them.
  if (all.length === 0) return null;

  const options = [
    { id: NONE, label: "None: pick documents below" },
    ...(query.data?.own ?? []).map((t) => ({ id: t.id, label: `${t.name} (yours)` })),
    ...(query.data?.readyMade ?? []).map((t) => ({ id: t.id, label: `${t.name} (${t.trade})` })),
  ];
  const suggestedId = suggestTemplateId(loanType);
  const suggested = suggestedId && suggestedId !== chosen ? all.find((t) => t.id === suggestedId) : undefined;

  function use(id: string) {
    setChosen(id);
    const template = all.find((t) => t.id === id);
    if (!template) {
      setFilled(null);
      return;
    }
    const count = checklist.fill(template.documents);
    setFilled(`Filled from ${template.name}: ${count} document${count === 1 ? "" : "s"} selected, each with its acceptance rules.`);
  }

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Select label="Start from a template" selectedKey={chosen} onSelectionChange={use} options={options} />
      {suggested ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Sparkles aria-hidden="true" className="size-4 text-brand-600" />
          <span>
            Suggested for {loanTypeLabel(loanType ?? "")}: <strong>{suggested.name}</strong>
          </span>
          <Button variant="secondary" size="sm" onPress={() => use(suggested.id)}>
            Use {suggested.name}
          </Button>
        </div>
      ) : null}
      <p role="status" className="text-sm text-slate-600">
        {filled ?? ""}
      </p>
    </div>
  );
}
