import { ShieldCheck } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { brokerNames, welcomeHeading } from "@shared/portal-welcome";
import { preloadOverlays } from "./overlay";
import { rich } from "../../lib/i18n/rich";
import { useLanguage, useT } from "../../lib/i18n/use-t";

/** What a guest sees first: who asks, what to do, and why signing in helps. No statuses. */
export function WelcomeBanner({ name, brokers, onSignIn }: { name: string; brokers: { name: string }[]; onSignIn: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <section aria-labelledby="portal-welcome" className="rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-6">
      <h2 id="portal-welcome" className="text-xl font-semibold text-slate-900">
        {welcomeHeading(name, t)}
      </h2>
      <p className="mt-2 text-slate-700">
        {rich(t("portal.welcomeAsked", { brokers: brokerNames(brokers, t, language) }), [<strong />, <strong />])}
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {t("portal.welcomeSignInHint")}
        </p>
        <Button variant="secondary" onPressStart={preloadOverlays} onPress={onSignIn} className="shrink-0">
          {t("portal.signInToTrack")}
        </Button>
      </div>
    </section>
  );
}
