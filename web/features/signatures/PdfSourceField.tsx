// Where the PDF to sign comes from (issue 41 item 1): a PDF uploaded now, one already shared with
// this customer (its Shared Documents), or one of the workspace's signature templates (its fields
// come placed: TemplateSource.tsx). A shared file or a template is read once to place the fields
// on its pages; the request then names it (sharedDocumentId, templateId) and the server takes its
// own copy, so it is not uploaded again.
import { useId, useRef, useState } from "react";
import { FileUp } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { SegmentedControl } from "../../components/ui/SegmentedControl";
import { Select } from "../../components/ui/Select";
import { pdfProblem, requestMessages, type PdfOrigin, type SharedPdf } from "./request-rules";
import { TemplateSource } from "./TemplateSource";

export type PdfSource = "upload" | "shared" | "template";


export interface PdfSourceFieldProps {
  customerName: string;
  sharedPdfs: readonly SharedPdf[];
  file: File | null;
  sharedId: string | null;
  templateId: string | null;
  /** A PDF to place fields on: uploaded (origin null), a shared file's copy or a template's; null clears it. */
  onChoose: (file: File | null, origin: PdfOrigin) => void;
  onProblem: (text: string) => void;
}

const PDF_ACCEPT = "application/pdf,.pdf";

export function PdfSourceField({ customerName, sharedPdfs, file, sharedId, templateId, onChoose, onProblem }: PdfSourceFieldProps) {
  const [source, setSource] = useState<PdfSource>("upload");
  const [loading, setLoading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const helpId = useId();

  const switchTo = (next: PdfSource) => {
    setSource(next);
    onChoose(null, null);
  };

  const upload = (picked: File | null) => {
    const refusal = picked ? pdfProblem(picked) : null;
    if (refusal) {
      onProblem(refusal);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    onChoose(picked, null);
  };

  const pickShared = async (id: string) => {
    const shared = sharedPdfs.find((d) => d.id === id);
    if (!shared) return;
    setLoading(true);
    try {
      // The broker's own download of it (session cookie), to draw its pages here.
      const response = await fetch(shared.fileUrl, { credentials: "include" });
      if (!response.ok) throw new Error(String(response.status));
      onChoose(new File([await response.blob()], shared.fileName, { type: "application/pdf" }), { sharedId: shared.id });
    } catch {
      onProblem(requestMessages.sharedNotReadable);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-800">
        Document (PDF)<span aria-hidden="true" className="text-red-600"> *</span>
      </span>
      <SegmentedControl
        label="Where the PDF comes from"
        selectedKey={source}
        onSelectionChange={switchTo}
        options={[
          { id: "upload", label: "Upload a PDF" },
          { id: "shared", label: "Shared file" },
          { id: "template", label: "Template" },
        ]}
        className="self-start"
      />
      {source === "template" ? (
        <TemplateSource templateId={templateId} onChoose={onChoose} onProblem={onProblem} />
      ) : source === "upload" ? (
        <>
          <input
            ref={fileInput}
            type="file"
            accept={PDF_ACCEPT}
            aria-label="Choose the PDF to sign"
            aria-describedby={helpId}
            className="sr-only"
            onChange={(event) => upload(event.target.files?.[0] ?? null)}
          />
          <Button variant="secondary" onPress={() => fileInput.current?.click()} className="justify-start">
            <FileUp aria-hidden="true" className="size-4" />
            <span className="truncate">{file ? `Replace ${file.name}` : "Choose PDF"}</span>
          </Button>
          <p id={helpId} className="text-sm text-slate-500">
            {file ? `${file.name}: place the fields on its pages.` : "A PDF document; its pages are shown here to place the fields."}
          </p>
        </>
      ) : sharedPdfs.length === 0 ? (
        <p className="text-sm text-slate-600">No PDF has been shared with {customerName} yet. Files you share with them appear here.</p>
      ) : (
        <Select
          label={`PDF shared with ${customerName}`}
          hideLabel
          placeholder={loading ? "Opening..." : "Choose a shared PDF"}
          selectedKey={sharedId}
          onSelectionChange={(id) => void pickShared(id)}
          options={sharedPdfs.map((d) => ({ id: d.id, label: d.fileName }))}
          isDisabled={loading}
        />
      )}
    </div>
  );
}
