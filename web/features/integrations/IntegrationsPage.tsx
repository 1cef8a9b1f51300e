// The owner's Integrations page (issue 43): API keys, then webhook endpoints. Only an owner manages
// them (the server answers 403 to anyone else), so others are told so rather than shown forms.
import { Info } from "lucide-react";
import { apiKeyMessages } from "@shared/api-keys";
import { roleMay } from "@shared/workspaces";
import type { AuthUser } from "../auth/api";
import { ApiKeysSection } from "./ApiKeysSection";

export function IntegrationsPage({ user }: { user: AuthUser }) {
  const isOwner = roleMay(user.role, "manageWorkspace");
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Integrations</h1>
        <p className="mt-1 text-slate-600">Connect your brokerage's other systems to the portal.</p>
      </header>
      {isOwner ? (
        <>
          <ApiKeysSection />
          {/* <WebhooksSection /> goes here (branch h-hooks writes WebhooksSection.tsx; mounted at merge). */}
        </>
      ) : (
        <p role="note" className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          {apiKeyMessages.ownerOnly}
        </p>
      )}
    </section>
  );
}
