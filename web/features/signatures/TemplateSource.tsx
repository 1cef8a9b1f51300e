// "Template" as the PDF to sign: the workspace's signature templates (templates-api.ts), one picked
// brings its PDF and its fields placed (the broker may still move them); each can be deleted here,
// where they are used, with a question first. Fetched only once this source is chosen.
import { useState } from "react";
import { Trash2 } from "lucide-react";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Select } from "../../components/ui/Select";
import { toast } from "../../components/ui/Toast";
import { requestMessages, type PdfOrigin } from "./request-rules";
import { templateFile, useDeleteSignatureTemplateMutation, useSignatureTemplatesQuery, type SignatureTemplate } from "./templates-api";

export interface TemplateSourceProps {
  templateId: string | null;
  onChoose: (file: File | null, origin: PdfOrigin) => void;
  onProblem: (text: string) => void;
}

export function TemplateSource({ templateId, onChoose, onProblem }: TemplateSourceProps) {
  const templates = useSignatureTemplatesQuery(true);
  const remove = useDeleteSignatureTemplateMutation();
  const [loading, setLoading] = useState(false);
  const [deleting, setDeleting] = useState<SignatureTemplate | null>(null);
  const list = templates.data ?? [];

  const pick = async (id: string) => {
    const template = list.find((t) => t.id === id);
    if (!template) return;
    setLoading(true);
    try {
      onChoose(await templateFile(template), { template });
    } catch {
      onProblem(requestMessages.templateNotReadable);
    } finally {
      setLoading(false);
    }
  };

  const confirmDelete = () => {
    const template = deleting;
    if (!template) return;
    remove.mutate(template.id, {
      onSuccess: () => {
        if (template.id === templateId) onChoose(null, null);
        toast({ title: "Template deleted", description: `${template.name} was deleted. Requests already sent from it are not changed.`, variant: "success" });
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        onProblem(errorText(error, "The template could not be deleted. Please try again."));
      },
    });
  };

  if (templates.isPending) return <p className="text-sm text-slate-600">Loading templates...</p>;
  if (templates.isError) return <p className="text-sm text-red-700">{errorText(templates.error, "The templates could not be loaded.")}</p>;
  if (list.length === 0) {
    return <p className="text-sm text-slate-600">No signature templates yet. Place the fields on a PDF, then press Save as template to use them again.</p>;
  }
  return (
    <>
      <Select
        label="Signature template"
        hideLabel
        placeholder={loading ? "Opening..." : "Choose a template"}
        selectedKey={templateId}
        onSelectionChange={(id) => void pick(id)}
        options={list.map((t) => ({ id: t.id, label: t.name }))}
        isDisabled={loading}
      />
      <ul aria-label="Signature templates" className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
        {list.map((t) => (
          <li key={t.id} className="flex items-center justify-between gap-2 py-1 pr-1 pl-3 text-sm">
            <span className="min-w-0 break-words text-slate-800">
              {t.name}
              <span className="text-slate-500">
                {" "}
                ({t.signerCount} {t.signerCount === 1 ? "signer" : "signers"}, {t.fields.length} {t.fields.length === 1 ? "field" : "fields"})
              </span>
            </span>
            <Button variant="ghost" size="icon" aria-label={`Delete template ${t.name}`} onPress={() => setDeleting(t)}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete the template ${deleting?.name ?? ""}?`}
        confirmLabel="Delete template"
        pendingLabel="Deleting..."
        isPending={remove.isPending}
        tone="danger"
        onConfirm={confirmDelete}
      >
        Requests already sent from it keep their own copy of the PDF.
      </ConfirmDialog>
    </>
  );
}
