import { useEffect, useRef, useState } from "react";
import { nameFromEmail } from "@shared/documents";
import { isValidEmail, messages, normalizeEmail } from "@shared/validation";
import { errorText, isAbortError } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useCreateCustomerMutation, useCustomersQuery } from "../customers/api";
import { createCustomerErrorMessage } from "../customers/errors";
import { UpgradeRequiredDialog } from "../subscription/UpgradeRequiredDialog";
import { usePlanLimits } from "../subscription/use-plan-limits";
import { useShareDocumentsMutation, useShareSettingsQuery } from "./api";
import { ShareFilePicker, type PickedFile } from "./ShareFilePicker";
import { ShareRecipientPicker } from "./ShareRecipientPicker";
import { perFileProgress, shareFailure, shareFileProblem, shareMessages, sharedToast, titled, tooManyFiles } from "./share-rules";

export interface SendDocumentsDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** SPEC 2 "Send Documents dialog": files for existing customers and/or a new customer by email. */
export function SendDocumentsDialog({ isOpen, onOpenChange }: SendDocumentsDialogProps) {
  return (
    <ModalDialog title="Send Documents" size="lg" isDismissable={false} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => <SendDocumentsForm onDone={close} />}
    </ModalDialog>
  );
}

// Until the server's limits arrive, the spec's hint (10 MB each, 20 files) stands in.
const FALLBACK_SETTINGS = { maxFileBytes: 10 * 1024 * 1024, maxFiles: 20 };

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

function SendDocumentsForm({ onDone }: { onDone: () => void }) {
  const settings = useShareSettingsQuery().data ?? FALLBACK_SETTINGS;
  const customersQuery = useCustomersQuery();
  const customers = customersQuery.data ?? [];
  const createCustomer = useCreateCustomerMutation();
  const share = useShareDocumentsMutation();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const [recipientIds, setRecipientIds] = useState<Set<string>>(() => new Set());
  const [newEmail, setNewEmail] = useState("");
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const { canCreateCustomer } = usePlanLimits();
  const [upgrade, setUpgrade] = useState(false);
  const abort = useRef<AbortController | null>(null);
  // Closing the dialog (Cancel, the close button, Escape) stops an upload still running; the
  // server keeps nothing of a share it did not receive whole.
  useEffect(() => () => abort.current?.abort(), []);

  const email = newEmail.trim();
  const known = customers.find((c) => normalizeEmail(c.email) === normalizeEmail(email));
  const emailError = triedSubmit && email && !isValidEmail(email) ? messages.invalidEmailShort : undefined;

  function addFiles(picked: File[]) {
    const taken = new Set(files.map((f) => f.key));
    const added: PickedFile[] = [];
    const refusals: { name: string; reason: string }[] = [];
    for (const file of picked) {
      const key = fileKey(file);
      if (taken.has(key)) continue;
      const problem = shareFileProblem(file, settings.maxFileBytes);
      if (problem) refusals.push({ name: file.name, reason: problem });
      else if (files.length + added.length >= settings.maxFiles) refusals.push({ name: file.name, reason: tooManyFiles(settings.maxFiles) });
      else {
        taken.add(key);
        added.push({ key, file });
      }
    }
    setFiles((current) => [...current, ...added]);
    setRefused(refusals);
    if (refusals.length > 0) {
      const first = refusals[0]!;
      toast({ title: refusals.length === 1 ? `${first.name} was not added` : `${refusals.length} files were not added`, description: first.reason, variant: "error" });
    }
  }

  function validate(): boolean {
    const fail = (message: string) => {
      toast({ ...titled(message), variant: "error" });
      return false;
    };
    if (files.length === 0) return fail(shareMessages.noFiles);
    if (recipientIds.size === 0 && !email) return fail(shareMessages.noRecipients);
    if (email && !isValidEmail(email)) return false;
    // A new customer beyond the plan's customer limit: Upgrade Required (SPEC 2), nothing sent.
    if (email && !known && !canCreateCustomer) {
      setUpgrade(true);
      return false;
    }
    return true;
  }

  /** The new customer's id: an existing customer with that email, else one created with no required documents. */
  async function newRecipient(): Promise<string | null> {
    if (known) return known.id;
    try {
      const created = await createCustomer.mutateAsync({ email, name: nameFromEmail(email), requiredDocuments: [] });
      return created.id;
    } catch (error) {
      const text = errorText(error);
      const description = /limit reached/i.test(text) || !text ? createCustomerErrorMessage(error, "dashboard") : `Failed to create customer: ${text}`;
      toast({ title: "Error", description, variant: "error" });
      if (/limit reached/i.test(text)) setUpgrade(true);
      return null;
    }
  }

  async function submit() {
    setTriedSubmit(true);
    if (!validate()) return;
    setSending(true);
    const ids = new Set(recipientIds);
    if (email) {
      const id = await newRecipient();
      if (id === null) return setSending(false);
      ids.add(id);
      // Kept as a chosen recipient, so a retry after a failed share does not create them again.
      setRecipientIds(new Set(ids));
      setNewEmail("");
    }
    abort.current = new AbortController();
    setProgress(0);
    try {
      const result = await share.mutateAsync({
        files: files.map((f) => f.file),
        customerIds: [...ids],
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      toast({ title: "Documents Shared", description: sharedToast(result.sharedFiles, result.customers), variant: "success" });
      onDone();
    } catch (error) {
      if (!isAbortError(error)) toast({ title: "Error", description: shareFailure(errorText(error)), variant: "error" });
      setProgress(null);
      setSending(false);
    }
  }

  const sizes = files.map((f) => f.file.size);
  return (
    <div className="flex flex-col gap-5">
      <UpgradeRequiredDialog isOpen={upgrade} onOpenChange={setUpgrade} />
      <ShareFilePicker
        files={files}
        maxBytes={settings.maxFileBytes}
        progress={progress === null ? null : perFileProgress(sizes, progress)}
        isSending={sending}
        onAdd={addFiles}
        onRemove={(key) => setFiles((current) => current.filter((f) => f.key !== key))}
      />
      {refused.length > 0 ? (
        <ul role="alert" aria-label="Files not added" className="flex flex-col gap-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {refused.map((r) => (
            <li key={r.name}>
              <span className="font-medium break-all">{r.name}</span>: {r.reason}
            </li>
          ))}
        </ul>
      ) : null}

      <section aria-label="Recipients" className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-900">Recipients</h3>
        {customersQuery.isLoading ? (
          <Spinner label="Loading customers" />
        ) : (
          <ShareRecipientPicker customers={customers} selectedIds={recipientIds} onChange={setRecipientIds} />
        )}
        <TextField
          label="New customer email (optional)"
          type="email"
          autoComplete="off"
          placeholder="new.customer@example.com"
          description="We add the customer (with no documents requested) and send them the files."
          value={newEmail}
          onChange={setNewEmail}
          errorMessage={emailError}
          isDisabled={sending}
        />
      </section>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
        <Button onPress={() => void submit()} isPending={sending}>
          {sending ? "Sending..." : "Send Documents"}
        </Button>
      </div>
    </div>
  );
}
