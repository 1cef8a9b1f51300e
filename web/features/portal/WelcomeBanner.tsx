import { ShieldCheck } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { brokerNames, welcomeHeading } from "@shared/portal-welcome";
import { preloadOverlays } from "./overlay";

/** What a guest sees first: who asks, what to do, and why signing in helps. No statuses. */
export function WelcomeBanner({ name, brokers, onSignIn }: { name: string; brokers: { name: string }[]; onSignIn: () => void }) {
  return (
    <section aria-labelledby="portal-welcome" className="rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-6">
      <h2 id="portal-welcome" className="text-xl font-semibold text-slate-900">
        {welcomeHeading(name)}
      </h2>
      <p className="mt-2 text-slate-700">
        {brokerNames(brokers)} asked you for the documents below. Upload each one with <strong>Take photo</strong> or{" "}
        <strong>Choose file</strong>.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          Sign in to see the review status of your documents and files your broker shares with you.
        </p>
        <Button variant="secondary" onPressStart={preloadOverlays} onPress={onSignIn} className="shrink-0">
          Sign in to track status
        </Button>
      </div>
    </section>
  );
}
