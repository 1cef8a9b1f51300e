import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { KeyRound } from "lucide-react";
import { API_KEY_NAME_MAX, API_KEY_SCOPES, apiKeyMessages, type ApiKeyScope } from "@shared/api-keys";
import { formatDay } from "@shared/format";
import { errorText } from "../../api/client";
import { ErrorNote } from "../../components/ErrorNote";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Checkbox } from "../../components/ui/Checkbox";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { ModalDialog } from "../../components/ui/Dialog";
import { dialogFooterClass } from "../../components/ui/DialogActions";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation, type ApiKey, type CreatedApiKey } from "./api";

const scopeLabels: Record<ApiKeyScope, string> = { read: "Read", write: "Write" };
const scopeSummaries: Record<ApiKeyScope, string> = {
  read: "Read customers, documents, files, reminders, templates and the dashboard.",
  write: "Create and change customers, review documents, send reminders and share files.",
};

/** The workspace's API keys (issue 43): the list, a dialog that creates one and shows it once, and revoking. */
export function ApiKeysSection() {
  const keys = useApiKeysQuery();
  const [creating, setCreating] = useState(false);
  return (
    <Card title="API keys" icon={<KeyRound />}>
      <div className="flex flex-col gap-4">
        <p className="text-slate-600">
          Your other systems (a CRM, a loan origination system) call the portal's API with a key: <code className="break-all">Authorization: Bearer &lt;key&gt;</code>.
          A key acts as you, within its scopes.
        </p>
        <Button className="self-start" onPress={() => setCreating(true)}>
          Create API key
        </Button>
        {keys.isPending ? (
          <Spinner label="Loading API keys" className="w-full py-4" />
        ) : keys.isError ? (
          <p role="alert" className="text-red-700">
            {errorText(keys.error, "The API keys could not be loaded. Please try again.")}
          </p>
        ) : keys.data.length === 0 ? (
          <EmptyState title="No API keys yet" icon={<KeyRound />}>
            Create one for each system that should reach your customers and documents.
          </EmptyState>
        ) : (
          <ul aria-label="API keys" className="flex flex-col divide-y divide-slate-200">
            {keys.data.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        )}
      </div>
      {creating ? <CreateApiKeyDialog onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKeyMutation();
  const [confirming, setConfirming] = useState(false);
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt) <= new Date();
  return (
    <li aria-label={apiKey.name} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-slate-900">{apiKey.name}</span>
          <code className="rounded bg-slate-100 px-1.5 text-sm text-slate-700">
            <span className="sr-only">Starts with </span>
            {apiKey.prefix}…
          </code>
          {apiKey.scopes.map((scope) => (
            <Badge key={scope}>{scopeLabels[scope]}</Badge>
          ))}
          {expired ? <Badge tone="red">Expired</Badge> : null}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 text-sm text-slate-600">
          <div className="flex gap-1">
            <dt>Created</dt>
            <dd>{formatDay(apiKey.createdAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Last used</dt>
            <dd>{formatDay(apiKey.lastUsedAt) ?? "Never"}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Expires</dt>
            <dd>{formatDay(apiKey.expiresAt) ?? "Never"}</dd>
          </div>
        </dl>
      </div>
      <Button variant="secondary" size="sm" className="self-start sm:self-center" aria-label={`Revoke the API key ${apiKey.name}`} onPress={() => setConfirming(true)}>
        Revoke
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        pendingLabel="Revoking..."
        tone="danger"
        isPending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => toast({ title: "API key revoked", description: `${apiKey.name} no longer works.`, variant: "success" }),
            onError: (error) => toast({ title: "Error", description: errorText(error, "The API key could not be revoked."), variant: "error" }),
            onSettled: () => setConfirming(false),
          })
        }
      >
        Every system using {apiKey.name} ({apiKey.prefix}…) is refused from its next request. This cannot be undone.
      </ConfirmDialog>
    </li>
  );
}

/** The form, then, once made, the key itself: shown here and never again. */
function CreateApiKeyDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <ModalDialog title={created ? "Copy your API key" : "Create API key"} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={false}>
      {created ? <ShowKeyOnce created={created} onDone={onClose} /> : <CreateApiKeyForm onCreated={setCreated} onCancel={onClose} />}
    </ModalDialog>
  );
}

function CreateApiKeyForm({ onCreated, onCancel }: { onCreated: (created: CreatedApiKey) => void; onCancel: () => void }) {
  const create = useCreateApiKeyMutation();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["read"]);
  const [expiresOn, setExpiresOn] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [scopesError, setScopesError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nameProblem = name.trim() ? undefined : apiKeyMessages.nameRequired;
    const scopesProblem = scopes.length > 0 ? undefined : apiKeyMessages.scopesRequired;
    setNameError(nameProblem);
    setScopesError(scopesProblem);
    if (nameProblem || scopesProblem) return;
    create.mutate({ name: name.trim(), scopes, expiresAt: expiresOn || null }, { onSuccess: onCreated });
  };
  const toggle = (scope: ApiKeyScope, on: boolean) => {
    setScopes((current) => API_KEY_SCOPES.filter((s) => (s === scope ? on : current.includes(s))));
    setScopesError(undefined);
  };

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
      <TextField
        label="Name"
        description="Which system uses it, so you know what you revoke."
        isRequired
        maxLength={API_KEY_NAME_MAX}
        autoFocus
        value={name}
        onChange={(value) => {
          setName(value);
          setNameError(undefined);
        }}
        errorMessage={nameError}
      />
      <fieldset className="flex flex-col gap-1" aria-describedby={scopesError ? "api-key-scopes-error" : undefined}>
        <legend className="mb-1 font-medium text-slate-800">Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <Checkbox key={scope} isSelected={scopes.includes(scope)} onChange={(on) => toggle(scope, on)} description={scopeSummaries[scope]}>
            {scopeLabels[scope]}
          </Checkbox>
        ))}
        {scopesError ? (
          <p id="api-key-scopes-error" role="alert" className="text-sm text-red-700">
            {scopesError}
          </p>
        ) : null}
      </fieldset>
      <TextField label="Expires on (optional)" description="The key stops working when this day ends (UTC). Leave empty for a key that does not expire." type="date" value={expiresOn} onChange={setExpiresOn} />
      <ErrorNote error={create.error} fallback="The API key could not be created. Please try again." />
      {/* Not DialogActions: its button announces "pending" by the button's label (React Aria), and
          this button is gone the moment the key arrives, leaving the announcement naming nothing
          (axe: role-img-alt). The label says it instead; the key's view then says the outcome. */}
      <div className={dialogFooterClass("mt-6")}>
        <Button variant="secondary" onPress={onCancel} isDisabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create key"}
        </Button>
      </div>
    </Form>
  );
}

function ShowKeyOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      // A refused clipboard: the key is selectable in the field to copy by hand.
      toast({ title: "Copy it by hand", description: "The browser did not allow copying. Select the key and copy it.", variant: "error" });
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium text-slate-900" role="status">
        This is the only time you will see this key. Copy it now and keep it somewhere safe: you will not see it again.
      </p>
      <TextField label={`API key for ${created.name}`} value={created.key} isReadOnly />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={() => void copy()}>
          {copied ? "Copied" : "Copy key"}
        </Button>
        <Button onPress={onDone}>Done</Button>
      </div>
      <span className="sr-only" aria-live="polite">
        {copied ? "The API key is copied to the clipboard." : ""}
      </span>
    </div>
  );
}
