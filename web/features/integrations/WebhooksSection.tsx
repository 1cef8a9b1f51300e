import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { Webhook } from "lucide-react";
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, webhookMessages, webhookUrlProblem, type WebhookDeliveryStatus, type WebhookEventType } from "@shared/webhooks";
import { errorText } from "../../api/client";
import { ErrorNote } from "../../components/ErrorNote";
import { Badge, type BadgeTone } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Checkbox } from "../../components/ui/Checkbox";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { ModalDialog } from "../../components/ui/Dialog";
import { DialogActions } from "../../components/ui/DialogActions";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import {
  useAddWebhookMutation,
  useDeleteWebhookMutation,
  useDeliveriesQuery,
  useResendMutation,
  useRotateSecretMutation,
  useSendTestMutation,
  useWebhooksQuery,
  type WebhookEndpoint,
} from "./api";

const STATUS_TONES: Record<WebhookDeliveryStatus, BadgeTone> = { pending: "blue", succeeded: "green", failed: "amber", given_up: "red" };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

/** The workspace's webhook endpoints (owner only): add, delete, rotate the secret, send a test, each one's delivery log. */
export function WebhooksSection() {
  const endpoints = useWebhooksQuery();
  const [adding, setAdding] = useState(false);
  return (
    <Card title="Webhooks" icon={<Webhook />}>
      <div className="flex flex-col gap-4">
        <p className="text-slate-600">
          The portal POSTs signed events to your other systems (a CRM, a loan origination system) as customers move through their checklist. The README shows how to verify a delivery.
        </p>
        <Button className="self-start" onPress={() => setAdding(true)}>
          Add endpoint
        </Button>
        {endpoints.isPending ? (
          <Spinner label="Loading webhook endpoints" className="w-full py-4" />
        ) : endpoints.isError ? (
          <p role="alert" className="text-red-700">
            {errorText(endpoints.error, "The webhook endpoints could not be loaded. Please try again.")}
          </p>
        ) : endpoints.data.length === 0 ? (
          <EmptyState title="No webhook endpoints yet" icon={<Webhook />}>
            Add an endpoint to send events to another system.
          </EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {endpoints.data.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
      </div>
      <AddEndpointDialog isOpen={adding} onOpenChange={setAdding} />
    </Card>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const remove = useDeleteWebhookMutation();
  const rotate = useRotateSecretMutation();
  const sendTest = useSendTestMutation();
  const logId = `webhook-log-${endpoint.id}`;
  return (
    <li aria-label={endpoint.url} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-slate-900">{endpoint.url}</span>
          {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
        </p>
        {!endpoint.enabled ? (
          <p className="text-sm text-red-700">
            {endpoint.disabledReason ? `${endpoint.disabledReason}. ` : ""}Once the receiver is fixed, send a test event: answered, it switches the endpoint on again.
          </p>
        ) : null}
        <p className="text-sm text-slate-600">Events: {endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(", ")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Send a test event to ${endpoint.url}`}
          isPending={sendTest.isPending}
          onPress={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => toast({ title: "Test event queued", description: "It appears in the delivery log once sent.", variant: "success" }),
              onError: (error) => toast({ title: "Error", description: errorText(error, "The test event could not be queued."), variant: "error" }),
            })
          }
        >
          Send test event
        </Button>
        <Button variant="secondary" size="sm" aria-expanded={showLog} aria-controls={logId} onPress={() => setShowLog((shown) => !shown)}>
          {showLog ? "Hide delivery log" : "Delivery log"}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Rotate the signing secret of ${endpoint.url}`}
          isPending={rotate.isPending}
          onPress={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: (rotated) => setSecret(rotated.secret),
              onError: (error) => toast({ title: "Error", description: errorText(error, "The secret could not be rotated."), variant: "error" }),
            })
          }
        >
          Rotate secret
        </Button>
        <Button variant="secondary" size="sm" aria-label={`Delete the endpoint ${endpoint.url}`} onPress={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      {showLog ? <DeliveryLog id={logId} endpointId={endpoint.id} /> : null}
      <ConfirmDialog
        isOpen={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        pendingLabel="Deleting..."
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast({ title: "Webhook endpoint deleted", description: `No more events go to ${endpoint.url}.`, variant: "success" });
            },
            onError: (error) => toast({ title: "Error", description: errorText(error, "The endpoint could not be deleted."), variant: "error" }),
          })
        }
      >
        No more events are sent to {endpoint.url}, and its delivery log is deleted.
      </ConfirmDialog>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} title="New signing secret">
        Deliveries are signed with this secret from now on, and with the old one too for 24 hours, so your receiver can switch over.
      </SecretDialog>
    </li>
  );
}

function DeliveryLog({ id, endpointId }: { id: string; endpointId: string }) {
  const deliveries = useDeliveriesQuery(endpointId);
  const resend = useResendMutation();
  return (
    <section id={id} aria-label="Delivery log" className="rounded-lg border border-slate-200 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 className="font-semibold text-slate-900">Delivery log</h4>
        <Button variant="ghost" size="sm" onPress={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </div>
      {deliveries.isPending ? (
        <Spinner label="Loading deliveries" className="w-full py-4" />
      ) : deliveries.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(deliveries.error, "The delivery log could not be loaded. Please try again.")}
        </p>
      ) : deliveries.data.length === 0 ? (
        <p className="text-slate-600">Nothing has been sent to this endpoint yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {deliveries.data.map((d) => (
            <li key={d.id} className="flex flex-col gap-1 py-2 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{d.type}</span>
                <Badge tone={STATUS_TONES[d.status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}</Badge>
              </p>
              <p className="text-slate-600">
                {d.attempts === 1 ? "1 attempt" : `${d.attempts} attempts`} · last {when(d.lastAttemptAt)}
                {d.lastStatus !== null ? ` · HTTP ${d.lastStatus}` : ""}
                {d.durationMs !== null ? ` · ${d.durationMs} ms` : ""}
                {d.nextAttemptAt ? ` · next ${when(d.nextAttemptAt)}` : ""}
              </p>
              {d.lastError ? <p className="text-red-700">{d.lastError}</p> : null}
              {d.responseSnippet ? <pre className="max-h-24 overflow-auto rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-700">{d.responseSnippet}</pre> : null}
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                aria-label={`Resend ${d.type} of ${when(d.createdAt)}`}
                isPending={resend.isPending && resend.variables?.deliveryId === d.id}
                onPress={() =>
                  resend.mutate(
                    { endpointId, deliveryId: d.id },
                    {
                      onSuccess: () => {
                        toast({ title: "Delivery queued again", variant: "success" });
                        void deliveries.refetch();
                      },
                      onError: (error) => toast({ title: "Error", description: errorText(error, "The delivery could not be sent again."), variant: "error" }),
                    },
                  )
                }
              >
                Resend
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddEndpointDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const add = useAddWebhookMutation();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [problem, setProblem] = useState<string>();
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    onOpenChange(false);
    setUrl("");
    setEvents([]);
    setProblem(undefined);
    add.reset();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = url.trim();
    // The server's own rule; plain http is let through here, for the server to allow or refuse.
    const missing = webhookUrlProblem(address, true) ?? (events.length === 0 ? webhookMessages.noEvents : undefined);
    setProblem(missing);
    if (missing) return;
    add.mutate({ url: address, events }, { onSuccess: (created) => { close(); setSecret(created.secret); } });
  };
  return (
    <>
      <ModalDialog title="Add webhook endpoint" isOpen={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())} size="lg" isDismissable={false}>
        <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
          <TextField label="Endpoint URL" type="url" placeholder="https://crm.example.com/portal-events" isRequired value={url} onChange={setUrl} />
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 font-medium text-slate-900">Events to send</legend>
            <div className="grid gap-x-4 sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} isSelected={events.includes(type)} onChange={(on) => setEvents((now) => (on ? [...now, type] : now.filter((e) => e !== type)))} description={type}>
                  {WEBHOOK_EVENT_LABELS[type]}
                </Checkbox>
              ))}
            </div>
          </fieldset>
          {problem ? (
            <p role="alert" className="text-red-700">
              {problem}
            </p>
          ) : null}
          <ErrorNote error={add.error} fallback="The endpoint could not be added. Please try again." />
          <DialogActions onCancel={close} submitLabel="Add endpoint" pendingLabel="Adding..." isPending={add.isPending} />
        </Form>
      </ModalDialog>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} title="Webhook endpoint added">
        Every delivery to this endpoint is signed with this secret. Copy it now: it is not shown again.
      </SecretDialog>
    </>
  );
}

/** A signing secret, shown once. */
function SecretDialog({ secret, onClose, title, children }: { secret: string | null; onClose: () => void; title: string; children: string }) {
  return (
    <ModalDialog title={title} isOpen={secret !== null} onOpenChange={(open) => (open ? undefined : onClose())} isDismissable={false}>
      <div className="flex flex-col gap-4">
        <p className="text-slate-600">{children}</p>
        <p>
          <span className="block text-sm font-medium text-slate-700">Signing secret</span>
          <code className="block rounded bg-slate-100 p-2 text-sm break-all text-slate-900">{secret}</code>
        </p>
        <Button className="self-end" onPress={onClose}>
          Done
        </Button>
      </div>
    </ModalDialog>
  );
}
