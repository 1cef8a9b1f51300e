// "Request signature" (issue 41, the broker's side): a full-screen dialog to choose the PDF (uploaded,
// one already shared with the customer, or a signature template with its fields: PdfSourceField.tsx),
// keep what was placed as a template (SaveAsTemplate.tsx), name
// the request, add a message, a due date and the signers (the customer first, fixed; others by
// name and email; in order or not), then place the fields on the pages (FieldPlacer.tsx) and send.
// Focus stays inside (React Aria's modal); Escape or Close asks before throwing a started request
// away. What the server would refuse is said before sending (request-rules.ts); what it still
// refuses is shown in its own words.
import { useRef, useState, type FormEvent } from "react";
import { Dialog as AriaDialog, Heading, Modal as AriaModal, ModalOverlay } from "react-aria-components";
import { Plus, Send, Trash2, X } from "lucide-react";
import { MAX_SIGNATURE_MESSAGE_LENGTH, MAX_SIGNERS, signersProblem } from "@shared/signatures";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Checkbox } from "../../components/ui/Checkbox";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { TextArea } from "../../components/ui/TextArea";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { DueDateFields, type DueDateValue } from "../documents/DueDateFields";
import { CadenceFields, useCadenceChoice } from "../reminders/CadenceFields";
import { fromDateTimeInputs } from "../documents/format";
import { useCreateSignatureRequestMutation, type SignatureCustomer } from "./api";
import { FieldPlacer, type FieldPlacerProps } from "./FieldPlacer";
import { placedFrom, toRequestFields, withoutSigner, type PlacedField } from "./placement";
import { PdfSourceField } from "./PdfSourceField";
import { dueDateProblem, pdfProblem, placementProblem, requestMessages, sharedPdfsOf, type PdfOrigin, type SignerDraft } from "./request-rules";
import { SaveAsTemplate } from "./SaveAsTemplate";

export interface RequestSignatureDialogProps {
  customer: SignatureCustomer;
  onClose: () => void;
  /** For tests: the viewer that draws the pages (the app's pdf.js viewer by default). */
  Viewer?: FieldPlacerProps["Viewer"];
}

export function RequestSignatureDialog({ customer, onClose, Viewer }: RequestSignatureDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  /** The shared file the PDF was taken from; null for an upload. */
  const [sharedId, setSharedId] = useState<string | null>(null);
  /** The signature template the PDF and the first fields came from. */
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [message, setMessage] = useState("");
  const [due, setDue] = useState<DueDateValue>({ day: "", time: "" });
  const [others, setOthers] = useState<SignerDraft[]>([]);
  const [ordered, setOrdered] = useState(false);
  const [fields, setFields] = useState<PlacedField[]>([]);
  const [pageCount, setPageCount] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const create = useCreateSignatureRequestMutation(customer.id);
  const cadence = useCadenceChoice();

  const signers: SignerDraft[] = [{ name: customer.name, email: customer.email }, ...others];
  const started = Boolean(file || name.trim() || message.trim() || due.day || due.time || others.length > 0 || fields.length > 0);
  const requestClose = () => {
    if (create.isPending) return;
    if (started) setAskDiscard(true);
    else onClose();
  };

  const show = (text: string) => {
    setProblem(text);
    // Said at once (role alert) and in view: the button pressed may be far from the message.
    requestAnimationFrame(() => problemRef.current?.scrollIntoView?.({ block: "nearest" }));
  };

  const chooseFile = (picked: File | null, origin: PdfOrigin) => {
    setProblem(null);
    setFile(picked);
    setSharedId(origin && "sharedId" in origin ? origin.sharedId : null);
    const template = origin && "template" in origin ? origin.template : null;
    setTemplateId(template?.id ?? null);
    // A template's fields come placed; its signer positions get rows to fill in.
    setFields(template ? placedFrom(template.fields) : []);
    if (template && template.signerCount > 1 + others.length) {
      setOthers([...others, ...Array.from({ length: template.signerCount - 1 - others.length }, () => ({ name: "", email: "" }))]);
    }
    setPageCount(undefined);
    // The request is named after the template or the file until the broker names it.
    if (picked && !name.trim()) setName(template?.name ?? picked.name.replace(/\.pdf$/i, ""));
  };

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const dueDate = fromDateTimeInputs(due.day, due.time);
    const refusal =
      pdfProblem(file) ??
      (name.trim() ? null : requestMessages.noName) ??
      dueDateProblem(due.day, due.time, dueDate, new Date()) ??
      signersProblem(signers, customer.email) ??
      (dueDate ? cadence.error : null) ??
      placementProblem(fields, signers, pageCount);
    if (refusal) return show(refusal);
    setProblem(null);
    create.mutate(
      {
        file: sharedId || templateId ? null : file!,
        request: {
          ...(sharedId ? { sharedDocumentId: sharedId } : {}),
          ...(templateId ? { templateId } : {}),
          name: name.trim(),
          ...(message.trim() ? { message: message.trim() } : {}),
          ...(dueDate ? { dueDate: dueDate.toISOString() } : {}),
          ordered,
          signers: signers.map((s) => ({ name: s.name.trim(), email: s.email.trim() })),
          fields: toRequestFields(fields),
        },
      },
      {
        onSuccess: async () => {
          // The customer's cadence covers the new request too (it is set on every open one).
          if (dueDate) await cadence.applyTo(customer.id);
          toast({ title: "Signature request sent", description: `${name.trim()} was sent to ${signers.length === 1 ? customer.name : `${signers.length} signers`}.`, variant: "success" });
          onClose();
        },
        onError: (error) => show(errorText(error, "The signature request could not be sent. Please try again.")),
      },
    );
  };

  const setOther = (index: number, change: Partial<SignerDraft>) => setOthers(others.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const removeOther = (index: number) => {
    setOthers(others.filter((_, i) => i !== index));
    setFields(withoutSigner(fields, index + 1));
  };

  return (
    <ModalOverlay isOpen onOpenChange={(open) => !open && requestClose()} isDismissable={false} className="fixed inset-0 z-50 bg-slate-900/50">
      <AriaModal className="fixed inset-0 flex flex-col bg-white">
        <AriaDialog className="flex h-full min-h-0 flex-col outline-none">
          <form onSubmit={send} noValidate className="flex h-full min-h-0 flex-col">
            <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-6">
              <Heading slot="title" className="min-w-0 text-lg font-semibold break-words text-slate-900 sm:text-xl">
                Request signature from {customer.name}
              </Heading>
              <Button variant="ghost" size="icon" aria-label="Close" onPress={requestClose}>
                <X aria-hidden="true" className="size-5" />
              </Button>
            </div>

            <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[22rem_minmax(0,1fr)] lg:overflow-hidden">
              <div className="flex flex-col gap-4 p-4 sm:p-6 lg:overflow-y-auto lg:border-r lg:border-slate-200">
                <PdfSourceField
                  customerName={customer.name}
                  sharedPdfs={sharedPdfsOf(customer.documents ?? [])}
                  file={file}
                  sharedId={sharedId}
                  templateId={templateId}
                  onChoose={chooseFile}
                  onProblem={show}
                />
                <TextField label="Name" value={name} onChange={setName} isRequired description="What the customer is asked to sign." />
                <TextArea label="Message (optional)" value={message} onChange={(v) => setMessage(v.slice(0, MAX_SIGNATURE_MESSAGE_LENGTH))} />
                <DueDateFields value={due} onChange={setDue} dayLabel="Due date (optional)" timeLabel="Due time" />
                {/* As in Request New Document: with a due date, repeat reminders until it is signed. */}
                {due.day ? <CadenceFields choice={cadence} /> : null}

                <fieldset className="flex flex-col gap-3">
                  <legend className="mb-1 text-sm font-medium text-slate-800">Signers</legend>
                  <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
                    <p className="font-medium break-words text-slate-900">1. {customer.name} (the customer)</p>
                    <p className="break-all text-slate-600">{customer.email}</p>
                  </div>
                  {others.map((signer, i) => (
                    <div key={i} role="group" aria-label={`Signer ${i + 2}`} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
                      <p className="text-sm font-medium text-slate-800">Signer {i + 2}</p>
                      {/* A row appears when Add signer is pressed: its name takes the focus (rows never remount). */}
                      <TextField label={`Signer ${i + 2} name`} value={signer.name} onChange={(v) => setOther(i, { name: v })} isRequired autoFocus />
                      <TextField label={`Signer ${i + 2} email`} type="email" value={signer.email} onChange={(v) => setOther(i, { email: v })} isRequired />
                      <Button variant="ghost" size="sm" onPress={() => removeOther(i)} className="self-start">
                        <Trash2 aria-hidden="true" className="size-4" />
                        Remove signer {i + 2}
                      </Button>
                    </div>
                  ))}
                  {signers.length < MAX_SIGNERS ? (
                    <Button variant="secondary" size="sm" onPress={() => setOthers([...others, { name: "", email: "" }])} className="self-start">
                      <Plus aria-hidden="true" className="size-4" />
                      Add signer
                    </Button>
                  ) : null}
                  {signers.length > 1 ? (
                    <Checkbox isSelected={ordered} onChange={setOrdered} description="Each signer is asked once the one before has signed.">
                      Sign in this order
                    </Checkbox>
                  ) : null}
                </fieldset>
              </div>

              <div className="flex min-h-0 flex-col gap-2 border-t border-slate-200 p-4 sm:p-6 lg:border-t-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-base font-semibold text-slate-900">Place fields</h3>
                  {file && fields.length > 0 ? <SaveAsTemplate file={file} fields={fields} suggestedName={name.trim()} onProblem={show} /> : null}
                </div>
                {file ? (
                  <FieldPlacer
                    file={file}
                    fields={fields}
                    onFieldsChange={setFields}
                    signerNames={signers.map((s) => s.name.trim())}
                    onPageCount={setPageCount}
                    Viewer={Viewer}
                  />
                ) : (
                  <p className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600">Choose a PDF to place the fields on its pages.</p>
                )}
              </div>
            </div>

            <div className="flex flex-col gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-end sm:px-6">
              <p ref={problemRef} role="alert" className="min-w-0 text-sm break-words text-red-700 empty:hidden sm:mr-auto">
                {problem ?? ""}
              </p>
              <Button variant="secondary" onPress={requestClose} isDisabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" isPending={create.isPending}>
                <Send aria-hidden="true" className="size-4" />
                {create.isPending ? "Sending..." : "Send request"}
              </Button>
            </div>
          </form>
          <ConfirmDialog
            isOpen={askDiscard}
            onOpenChange={setAskDiscard}
            title="Discard this signature request?"
            confirmLabel="Discard"
            tone="danger"
            onConfirm={() => {
              setAskDiscard(false);
              onClose();
            }}
          >
            The document, signers and fields you chose are not kept.
          </ConfirmDialog>
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  );
}
