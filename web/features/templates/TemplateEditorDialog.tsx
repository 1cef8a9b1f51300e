// Creating or changing one of the broker's own templates: its name, trade, description and
// documents, each with a description and acceptance rules (kinds, pages, password). The image
// resolution a rule asks for is kept as it came (the standard, or a ready-made template's).
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { STANDARD_ACCEPTANCE_RULES, rulesProblem, type AcceptanceRules, type FileKind } from "@shared/acceptance-rules";
import type { TemplateDto, TemplateInput } from "@shared/api-types";
import { MAX_TEMPLATE_DOCUMENTS, MAX_TEMPLATE_NAME_LENGTH, templateProblem } from "@shared/checklist-templates";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Checkbox } from "../../components/ui/Checkbox";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useSaveTemplateMutation } from "./api";
import { ownRecognitionRules, recognitionRulesProblem, RecognitionRulesFields } from "../document-checks/RecognitionRulesFields";
import { recognitionRulesOf } from "@shared/recognition/rules";

/** What the editor starts from: an own template (edit), a ready-made one (duplicate), or nothing (new). */
export interface EditorStart {
  id?: string;
  template?: Pick<TemplateDto, "name" | "trade" | "description" | "documents">;
}

interface DraftDocument {
  key: number;
  name: string;
  description: string;
  rules: AcceptanceRules;
}

let nextKey = 0;
const draft = (d?: { name: string; description: string; rules: AcceptanceRules | null }): DraftDocument => ({
  key: ++nextKey,
  name: d?.name ?? "",
  description: d?.description ?? "",
  rules: d?.rules ?? STANDARD_ACCEPTANCE_RULES,
});

const sameRules = (a: AcceptanceRules, b: AcceptanceRules) => JSON.stringify(a) === JSON.stringify(b);

export function TemplateEditorDialog({ start, onClose }: { start: EditorStart | null; onClose: () => void }) {
  const title = start?.id ? "Edit template" : "New template";
  return (
    <ModalDialog title={title} size="lg" isDismissable={false} isOpen={start !== null} onOpenChange={(open) => !open && onClose()}>
      {start ? <TemplateForm start={start} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

function TemplateForm({ start, onDone }: { start: EditorStart; onDone: () => void }) {
  const save = useSaveTemplateMutation();
  const [name, setName] = useState(start.template?.name ?? "");
  const [trade, setTrade] = useState(start.template?.trade ?? "");
  const [description, setDescription] = useState(start.template?.description ?? "");
  const [documents, setDocuments] = useState<DraftDocument[]>(() => (start.template?.documents.length ? start.template.documents.map(draft) : [draft()]));
  const [error, setError] = useState<string | null>(null);

  const change = (key: number, patch: Partial<DraftDocument>) => setDocuments((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)));

  function submit() {
    const sent = documents.map((d) => ({
      name: d.name.trim(),
      description: d.description.trim(),
      // The standard rules are stored as "none of its own", so a later change of standard applies.
      rules: sameRules(d.rules, STANDARD_ACCEPTANCE_RULES) ? null : d.rules,
    }));
    const input = { name: name.trim(), trade: trade.trim(), description: description.trim(), documents: sent } satisfies TemplateInput;
    const problem =
      templateProblem(input) ??
      documents.map((d) => rulesProblem(d.rules) ?? (d.rules.recognition ? recognitionRulesProblem(d.rules.recognition) : null)).find(Boolean) ??
      null;
    setError(problem);
    if (problem) return;
    save.mutate(
      { ...input, ...(start.id ? { id: start.id } : {}) },
      {
        onSuccess: (saved) => {
          toast({ title: "Template saved", description: `${saved.name} is ready to use in Add New Customer and Request New Document.`, variant: "success" });
          onDone();
        },
        onError: (e) => setError(errorText(e, "The template could not be saved. Please try again.")),
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Template name" isRequired maxLength={MAX_TEMPLATE_NAME_LENGTH} value={name} onChange={setName} autoFocus />
        <TextField label="Trade (optional)" value={trade} onChange={setTrade} placeholder="Mortgage, Insurance, Legal..." />
      </div>
      <TextField label="Description (optional)" value={description} onChange={setDescription} />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-slate-900">Documents</legend>
        <ol className="flex flex-col gap-3">
          {documents.map((d, i) => (
            <li key={d.key} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
              <div className="grid gap-2 sm:grid-cols-2">
                <TextField label={`Document ${i + 1} name`} value={d.name} onChange={(v) => change(d.key, { name: v })} />
                <TextField label={`Document ${i + 1} description`} value={d.description} onChange={(v) => change(d.key, { description: v })} />
              </div>
              <RulesFields index={i + 1} rules={d.rules} onChange={(rules) => change(d.key, { rules })} />
              <RecognitionRulesFields
                label={`Document ${i + 1}: what it must be`}
                rules={recognitionRulesOf(d.name, d.rules)}
                onChange={(recognition) => {
                  const own = ownRecognitionRules(d.name, recognition);
                  const { recognition: _, ...rest } = d.rules;
                  change(d.key, { rules: own ? { ...rest, recognition: own } : rest });
                }}
              />
              <div>
                <Button
                  variant="ghost"
                  size="sm"
                  isDisabled={documents.length === 1}
                  onPress={() => setDocuments((all) => all.filter((other) => other.key !== d.key))}
                  aria-label={`Remove document ${i + 1}${d.name ? ` (${d.name})` : ""}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" /> Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <div>
          <Button variant="secondary" size="sm" isDisabled={documents.length >= MAX_TEMPLATE_DOCUMENTS} onPress={() => setDocuments((all) => [...all, draft()])}>
            <Plus aria-hidden="true" className="size-4" /> Add document
          </Button>
        </div>
      </fieldset>

      <p role="alert" className="text-sm font-medium text-red-700">
        {error ?? ""}
      </p>
      <DialogActions divided onCancel={onDone} onSubmit={submit} submitLabel="Save template" pendingLabel="Saving..." isPending={save.isPending} />
    </div>
  );
}

const pagesValue = (n: number | null) => (n === null ? "" : String(n));
const pagesFrom = (text: string): number | null => {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 1 ? n : null;
};

function RulesFields({ index, rules, onChange }: { index: number; rules: AcceptanceRules; onChange: (rules: AcceptanceRules) => void }) {
  const toggleKind = (kind: FileKind, on: boolean) =>
    onChange({ ...rules, kinds: on ? [...new Set([...rules.kinds, kind])] : rules.kinds.filter((k) => k !== kind) });
  return (
    <div role="group" aria-label={`Document ${index} acceptance rules`} className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <Checkbox isSelected={rules.kinds.includes("pdf")} onChange={(on) => toggleKind("pdf", on)}>
        PDF
      </Checkbox>
      <Checkbox isSelected={rules.kinds.includes("image")} onChange={(on) => toggleKind("image", on)}>
        Photo
      </Checkbox>
      <TextField
        label="Min pages"
        inputMode="numeric"
        className="w-28"
        value={pagesValue(rules.minPages)}
        onChange={(v) => onChange({ ...rules, minPages: pagesFrom(v) })}
      />
      <TextField
        label="Max pages"
        inputMode="numeric"
        className="w-28"
        value={pagesValue(rules.maxPages)}
        onChange={(v) => onChange({ ...rules, maxPages: pagesFrom(v) })}
      />
      <Checkbox isSelected={rules.noPassword} onChange={(on) => onChange({ ...rules, noPassword: on })}>
        No password
      </Checkbox>
    </div>
  );
}
