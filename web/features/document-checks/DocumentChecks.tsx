// Beside each requested document on the broker's screen: what was checked when its file arrived,
// the customer's "I don't have this" answer with the broker's two choices, and the request's
// acceptance rules with a way to change them.
import { useState } from "react";
import { ListChecks, ShieldCheck } from "lucide-react";
import { describeRules, rulesProblem, type AcceptanceRules } from "@shared/acceptance-rules";
import type { DocumentDto } from "@shared/api-types";
import { canCustomerUpload, isRequirement } from "@shared/documents";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Checkbox } from "../../components/ui/Checkbox";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useDecideUnavailableMutation, useSetRulesMutation, useStandardRulesQuery } from "./api";
import { ownRecognitionRules, recognitionRulesProblem, RecognitionRulesFields } from "./RecognitionRulesFields";
import { recognitionRulesOf } from "@shared/recognition/rules";

const DECIDED = {
  accept: { title: "Answer accepted", description: (name: string) => `${name} is settled without a file. The customer was told.` },
  keep_open: { title: "Request kept open", description: (name: string) => `The customer was told ${name} is still needed.` },
} as const;

/** `onDecided`: the answer's buttons are gone once the broker decides; the row keeps the focus. */
export function DocumentChecks({ doc, onDecided }: { doc: DocumentDto; onDecided?: () => void }) {
  const [editing, setEditing] = useState(false);
  const decide = useDecideUnavailableMutation();
  const decideAs = (decision: keyof typeof DECIDED) =>
    decide.mutate(
      { documentId: doc.id, decision },
      {
        onSuccess: () => {
          toast({ title: DECIDED[decision].title, description: DECIDED[decision].description(doc.name), variant: "success" });
          onDecided?.();
        },
        onError: (e) => toast({ title: "Not saved", description: errorText(e), variant: "error" }),
      },
    );
  const awaiting = canCustomerUpload(doc.status);
  if (!isRequirement(doc.status)) return null;
  const forDoc = <span className="sr-only"> {doc.name}</span>;
  return (
    <div className="mt-2 flex flex-col gap-2">
      {doc.checks?.length ? (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <p className="flex items-center gap-1 font-medium">
            <ShieldCheck aria-hidden="true" className="size-4 text-green-700" />
            Checked on arrival
          </p>
          <ul className="mt-1 list-inside list-disc text-slate-600">
            {doc.checks.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {doc.unavailableReason && awaiting ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>
            <span className="font-medium">Customer doesn't have this: </span>
            {doc.unavailableReason}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" isPending={decide.isPending} onPress={() => decideAs("accept")}>
              Accept answer{forDoc}
            </Button>
            <Button size="sm" variant="secondary" isPending={decide.isPending} onPress={() => decideAs("keep_open")}>
              Keep request open{forDoc}
            </Button>
          </div>
        </div>
      ) : null}
      {awaiting ? (
        <div>
          <Button size="sm" variant="ghost" onPress={() => setEditing(true)}>
            <ListChecks aria-hidden="true" className="size-4" />
            {doc.acceptanceRules ? "Acceptance rules (custom)" : "Acceptance rules"}
            {forDoc}
          </Button>
          {editing ? <RulesDialog doc={doc} onClose={() => setEditing(false)} /> : null}
        </div>
      ) : null}
    </div>
  );
}

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

function RulesDialog({ doc, onClose }: { doc: DocumentDto; onClose: () => void }) {
  const standard = useStandardRulesQuery();
  const save = useSetRulesMutation();
  const start = doc.acceptanceRules ?? standard.data;
  if (!start) return null;
  return <RulesForm key={doc.id} doc={doc} start={start} standard={standard.data ?? start} onClose={onClose} save={save} />;
}

function RulesForm({ doc, start, standard, onClose, save }: { doc: DocumentDto; start: AcceptanceRules; standard: AcceptanceRules; onClose: () => void; save: ReturnType<typeof useSetRulesMutation> }) {
  const [pdf, setPdf] = useState(start.kinds.includes("pdf"));
  const [image, setImage] = useState(start.kinds.includes("image"));
  const [minPages, setMinPages] = useState(start.minPages?.toString() ?? "");
  const [maxPages, setMaxPages] = useState(start.maxPages?.toString() ?? "");
  const [shortSide, setShortSide] = useState(String(start.minImageShortSide));
  const [longSide, setLongSide] = useState(String(start.minImageLongSide));
  const [noPassword, setNoPassword] = useState(start.noPassword);
  const [recognition, setRecognition] = useState(() => recognitionRulesOf(doc.name, start));
  const [error, setError] = useState<string | undefined>();
  const own = ownRecognitionRules(doc.name, recognition);
  const rules: AcceptanceRules = {
    kinds: [...(pdf ? (["pdf"] as const) : []), ...(image ? (["image"] as const) : [])],
    minPages: numberOrNull(minPages),
    maxPages: numberOrNull(maxPages),
    minImageShortSide: Number(shortSide),
    minImageLongSide: Number(longSide),
    noPassword,
    ...(own ? { recognition: own } : {}),
  };
  const whole = (n: number | null) => n === null || (Number.isInteger(n) && n >= 1);
  const submit = (value: AcceptanceRules | null) => {
    if (value) {
      if (![value.minPages, value.maxPages, value.minImageShortSide, value.minImageLongSide].every(whole)) return setError("Numbers must be whole numbers of at least 1.");
      const problem = rulesProblem(value) ?? recognitionRulesProblem(recognition);
      if (problem) return setError(problem);
    }
    save.mutate(
      { documentId: doc.id, rules: value },
      {
        onSuccess: () => {
          toast({ title: "Acceptance rules saved", description: `${doc.name}: ${describeRules(value ?? standard).join("; ")}`, variant: "success" });
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <ModalDialog title={`Acceptance rules: ${doc.name}`} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit(rules);
        }}
      >
        <p className="text-sm text-slate-600">
          The customer sees these before uploading; a file that breaks one is refused at once with what to send instead. What the document must be is read from the
          file on this server; the customer is told before sending when it does not match.
        </p>
        <fieldset className="flex flex-col">
          <legend className="text-sm font-medium text-slate-700">Accepted files</legend>
          <Checkbox isSelected={pdf} onChange={setPdf}>PDF</Checkbox>
          <Checkbox isSelected={image} onChange={setImage}>Photo or image (JPG, PNG, iPhone HEIC)</Checkbox>
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Minimum pages" inputMode="numeric" value={minPages} onChange={setMinPages} description="Empty: any" />
          <TextField label="Maximum pages" inputMode="numeric" value={maxPages} onChange={setMaxPages} description="Empty: any" />
          <TextField label="Photo: shorter side (px)" inputMode="numeric" value={shortSide} onChange={setShortSide} />
          <TextField label="Photo: longer side (px)" inputMode="numeric" value={longSide} onChange={setLongSide} />
        </div>
        <Checkbox isSelected={noPassword} onChange={setNoPassword}>Refuse password-protected PDFs</Checkbox>
        <RecognitionRulesFields label={`What ${doc.name} must be`} rules={recognition} onChange={setRecognition} />
        {error ? <p className="text-sm text-red-700" role="alert">{error}</p> : null}
        {doc.acceptanceRules ? (
          <Button variant="link" size="sm" className="self-start" onPress={() => submit(null)}>
            Use the standard rules
          </Button>
        ) : null}
        <DialogActions onCancel={onClose} submitLabel="Save rules" pendingLabel="Saving…" isPending={save.isPending} />
      </form>
    </ModalDialog>
  );
}
