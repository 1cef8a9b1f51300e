// "Save as template": the PDF and the fields as placed become one of the workspace's signature
// templates (templates-api.ts), offered next time under Template. A name is asked in a small
// dialog; the fields are checked first by the rule the server applies (templateFieldsProblem).
import { useState } from "react";
import { Dialog as AriaDialog, Heading, Modal as AriaModal, ModalOverlay } from "react-aria-components";
import { BookmarkPlus } from "lucide-react";
import { signatureMessages, templateFieldsProblem } from "@shared/signatures";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { toRequestFields, type PlacedField } from "./placement";
import { useSaveSignatureTemplateMutation } from "./templates-api";

export interface SaveAsTemplateProps {
  file: File;
  fields: readonly PlacedField[];
  suggestedName: string;
  onProblem: (text: string) => void;
}

export function SaveAsTemplate({ file, fields, suggestedName, onProblem }: SaveAsTemplateProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSignatureTemplateMutation();

  const start = () => {
    const refusal = templateFieldsProblem(fields);
    if (refusal) return onProblem(refusal);
    setName(suggestedName);
    setProblem(null);
    setOpen(true);
  };

  const submit = () => {
    if (!name.trim()) return setProblem(signatureMessages.templateNoName);
    save.mutate(
      { file, name: name.trim(), fields: toRequestFields(fields) },
      {
        onSuccess: (saved) => {
          toast({ title: "Template saved", description: `${saved.name} can be chosen under Template next time.`, variant: "success" });
          setOpen(false);
        },
        onError: (error) => setProblem(errorText(error, "The template could not be saved. Please try again.")),
      },
    );
  };

  return (
    <>
      <Button variant="secondary" size="sm" onPress={start}>
        <BookmarkPlus aria-hidden="true" className="size-4" />
        Save as template
      </Button>
      <ModalOverlay isOpen={open} onOpenChange={(isOpen) => !isOpen && !save.isPending && setOpen(false)} isDismissable className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
        <AriaModal className="w-full max-w-md rounded-xl bg-white shadow-xl">
          <AriaDialog className="outline-none">
            <div
              className="flex flex-col gap-4 p-5"
              onKeyDown={(event) => {
                // Enter in the name saves the template (the request's form behind is not submitted).
                if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
                  event.preventDefault();
                  submit();
                }
              }}
            >
              <Heading slot="title" className="text-lg font-semibold text-slate-900">
                Save as template
              </Heading>
              <p className="text-sm text-slate-600">The PDF and the {fields.length === 1 ? "field" : `${fields.length} fields`} as placed, for your workspace to use again. Signers are not kept.</p>
              <TextField label="Template name" value={name} onChange={setName} isRequired autoFocus />
              <p role="alert" className="text-sm break-words text-red-700 empty:hidden">
                {problem ?? ""}
              </p>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onPress={() => setOpen(false)} isDisabled={save.isPending}>
                  Cancel
                </Button>
                <Button onPress={submit} isPending={save.isPending}>
                  {save.isPending ? "Saving..." : "Save template"}
                </Button>
              </div>
            </div>
          </AriaDialog>
        </AriaModal>
      </ModalOverlay>
    </>
  );
}
