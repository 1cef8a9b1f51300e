import { WebhooksSection } from "./WebhooksSection";

/** The workspace's integrations (owner only): its webhooks. (API keys join from branch h-keys.) */
export function IntegrationsPage() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold text-slate-900">Integrations</h1>
      <WebhooksSection />
    </div>
  );
}
