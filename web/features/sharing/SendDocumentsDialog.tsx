import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { CustomerDto } from "@shared/api-types";
import { nameFromEmail } from "@shared/documents";
import { isValidEmail, messages } from "@shared/validation";
import { errorText, isAbortError } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useCreateCustomerMutation } from "../customers/api";
import { findCustomerWithEmail } from "../customers/customer-search";
import { createCustomerErrorMessage } from "../customers/errors";
import { UpgradeRequiredDialog } from "../subscription/UpgradeRequiredDialog";
import { usePlanLimits } from "../subscription/use-plan-limits";
import { useShareDocumentsMutation, useShareSettingsQuery } from "./api";
import { ShareFilePicker, type PickedFile } from "./ShareFilePicker";
import { ShareRecipientPicker } from "./ShareRecipientPicker";
import { perFileProgress, shareFailure, shareFileProblem, shareMessages, sharedToast, titled, tooManyFiles } from "./share-rules";
import { dialogFooterClass } from "../../components/ui/DialogActions";

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
  const queryClient = useQueryClient();
  const createCustomer = useCreateCustomerMutation();
  const share = useShareDocumentsMutation();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const [recipients, setRecipients] = useState<Map<string, CustomerDto>>(() => new Map());
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

  function validate(known: CustomerDto | undefined): boolean {
    const fail = (message: string) => {
      toast({ ...titled(message), variant: "error" });
      return false;
    };
    if (files.length === 0) return fail(shareMessages.noFiles);
    if (recipients.size === 0 && !email) return fail(shareMessages.noRecipients);
    if (email && !isValidEmail(email)) return false;
    // A new customer beyond the plan's customer limit: Upgrade Required (SPEC 2), nothing sent.
    if (email && !known && !canCreateCustomer) {
      setUpgrade(true);
      return false;
    }
    return true;
  }

  /** The new customer: an existing customer with that email, else one created with no required documents. */
  async function newRecipient(known: CustomerDto | undefined): Promise<CustomerDto | null> {
    if (known) return known;
    try {
      return await createCustomer.mutateAsync({ email, name: nameFromEmail(email), requiredDocuments: [], shareFollows: true });
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
    // An address that is already a customer is that customer (asked of the server, not of a
    // whole list). Pending meanwhile, so a second press does not send twice.
    if (email) setSending(true);
    const known = email ? await findCustomerWithEmail(queryClient, email).catch(() => undefined) : undefined;
    if (!validate(known)) return setSending(false);
    setSending(true);
    const chosen = new Map(recipients);
    if (email) {
      const customer = await newRecipient(known);
      if (customer === null) return setSending(false);
      // Kept as a chosen recipient, so a retry after a failed share does not create them again.
      chosen.set(customer.id, customer);
      setRecipients(new Map(chosen));
      setNewEmail("");
    }
    abort.current = new AbortController();
    setProgress(0);
    try {
      const result = await share.mutateAsync({
        files: files.map((f) => f.file),
        customerIds: [...chosen.keys()],
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
        // The alert wraps the list: role="alert" on the <ul> itself took its list role away, so its
        // items had no list (axe: listitem).
        <div role="alert" aria-label="Files not added" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <ul className="flex flex-col gap-1">
            {refused.map((r) => (
              <li key={r.name}>
                <span className="font-medium break-all">{r.name}</span>: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <section aria-label="Recipients" className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-900">Recipients</h3>
        <ShareRecipientPicker selected={recipients} onChange={setRecipients} />
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

      <div className={dialogFooterClass("border-t border-slate-200 pt-4")}>
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
