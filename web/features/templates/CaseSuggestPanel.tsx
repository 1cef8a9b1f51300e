// "Describe the case" in Add New Customer and Request New Document (issue 42 item 5): the broker
// types the case in a sentence, "Suggest documents" ticks the proposed documents in the dialog's
// checklist (with their descriptions and rules), and each is listed with the words that led to it.
// Nothing is sent to the customer until the broker sends the dialog, after changing what they like.
import { Sparkles } from "lucide-react";
import { useState } from "react";
import type { ChecklistSuggestion } from "@shared/api-types";
import { caseDescriptionProblem, MAX_CASE_DESCRIPTION } from "@shared/case-checklist";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import type { DocumentChecklist } from "../customers/use-document-checklist";
import { useSuggestChecklistMutation } from "./api";

const why = (because: string[]) => (because.length ? `because of “${because.join("”, “")}”` : "asked in every such case");

export function CaseSuggestPanel({ checklist }: { checklist: Pick<DocumentChecklist, "fill"> }) {
  const suggest = useSuggestChecklistMutation();
  const [description, setDescription] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<{ suggestion: ChecklistSuggestion; ticked: number } | null>(null);

  function run() {
    const local = caseDescriptionProblem(description);
    setProblem(local);
    if (local) return;
    suggest.mutate(description, {
      onSuccess: (suggestion) => setShown({ suggestion, ticked: suggestion.documents.length ? checklist.fill(suggestion.documents, "the suggested documents") : 0 }),
      onError: (error) => setProblem(errorText(error) || "Could not suggest documents. Please try again."),
    });
  }

  const documents = shown?.suggestion.documents ?? [];
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <TextField
        label="Describe the case"
        placeholder="Self-employed borrower buying a condo with a co-borrower"
        description="A sentence about the customer's case; the documents it calls for are ticked below, for you to change."
        maxLength={MAX_CASE_DESCRIPTION}
        value={description}
        onChange={setDescription}
        onKeyDown={(event) => {
          // Only Enter is this field's (Escape still closes the dialog): it suggests, never sends the dialog.
          if (event.key !== "Enter") {
            event.continuePropagation();
            return;
          }
          event.preventDefault();
          run();
        }}
        errorMessage={problem ?? undefined}
      />
      <div>
        <Button variant="secondary" size="sm" onPress={run} isPending={suggest.isPending}>
          <Sparkles aria-hidden="true" className="size-4" />
          Suggest documents
        </Button>
      </div>
      <div role="status" className="text-sm text-slate-700">
        {shown && documents.length === 0 ? <p>No documents suggested for this description. Try naming the borrower's work, the property or the loan.</p> : null}
        {documents.length ? (
          <>
            <p>
              {shown!.ticked} of {documents.length} suggested document{documents.length === 1 ? "" : "s"} ticked
              {shown!.suggestion.source === "model" ? " (suggested by your portal's model)" : ""}:
            </p>
            <ul aria-label="Why each document was suggested" className="mt-1 list-inside list-disc">
              {documents.map((d) => (
                <li key={d.name}>
                  <span className="font-medium">{d.name}</span>: {why(d.because)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
