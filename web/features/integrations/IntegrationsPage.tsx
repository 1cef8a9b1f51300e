// The owner's Integrations page (issue 43): API keys, then webhook endpoints. Only an owner manages
// them (the server answers 403 to anyone else), so others reaching the address are told so.
import { Info } from "lucide-react";
import { apiKeyMessages } from "@shared/api-keys";
import { useMemberMay } from "../workspaces/roles";
import { ApiKeysSection } from "./ApiKeysSection";
import { WebhooksSection } from "./WebhooksSection";

export function IntegrationsPage() {
  const isOwner = useMemberMay("manageWorkspace");
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold text-slate-900">Integrations</h1>
      {isOwner ? (
        <>
          <ApiKeysSection />
          <WebhooksSection />
        </>
      ) : (
        <p role="note" className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          {apiKeyMessages.ownerOnly}
        </p>
      )}
    </div>
  );
}
