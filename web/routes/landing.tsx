import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { FullPageSpinner } from "../components/ui/Spinner";
import { usePageTitle } from "../components/use-page-title";
import { useCurrentUser } from "../features/auth/api";
import { storePendingAction, takePendingAction, type PendingAction } from "../features/auth/pending-action";
import { SignInModal, type AuthMode } from "../features/auth/SignInModal";
import { SsoErrorNotice } from "../features/auth/SsoSignIn";
import { ClosingCta } from "../features/landing/ClosingCta";
import { SECTION_IDS } from "../features/landing/content";
import { DemoDialog } from "../features/landing/DemoDialog";
import { Hero } from "../features/landing/Hero";
import { LandingFooter } from "../features/landing/LandingFooter";
import { LandingHeader } from "../features/landing/LandingHeader";
import { PlansSection } from "../features/landing/PlansSection";
import { PricingDialog } from "../features/landing/PricingDialog";
import { scrollToSection } from "../features/landing/scroll";
import {
  BenefitsSection,
  FeatureHighlights,
  KeyBenefitsSection,
  StatsSection,
  WhoItsForSection,
} from "../features/landing/sections";

/** The route "/": waits for the session so the header shows the right buttons. */
export function LandingRoute() {
  const { isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  return <LandingPage />;
}

/** "/#subscription_plan" (e.g. Manage Subscription) scrolls to the plans once they have rendered. */
function usePlanHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${SECTION_IDS.plans}`) return;
    const timer = setTimeout(() => scrollToSection(SECTION_IDS.plans), 100);
    return () => clearTimeout(timer);
  }, [hash]);
}

/** The public landing page; also what signed-out visitors see on broker routes. */
export function LandingPage() {
  const { user } = useCurrentUser();
  const isSignedIn = user !== null;
  const navigate = useNavigate();
  const [authMode, setAuthMode] = useState<AuthMode>("signin");
  const [authOpen, setAuthOpen] = useState(false);
  const [pricingOpen, setPricingOpen] = useState(false);
  const [demoOpen, setDemoOpen] = useState(false);
  usePageTitle("");
  usePlanHashScroll();

  const openAuth = (mode: AuthMode) => {
    setAuthMode(mode);
    setAuthOpen(true);
  };

  const onAuthOpenChange = (open: boolean) => {
    setAuthOpen(open);
    // Closing without signing in abandons the hero action; a later plain
    // "Broker Login" should not open a dialog the user no longer expects.
    if (!open) takePendingAction();
  };

  const startAction = (action: PendingAction) => {
    if (isSignedIn) {
      navigate(`/dashboard?action=${action}`);
      return;
    }
    storePendingAction(action);
    openAuth("signin");
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <LandingHeader
        isSignedIn={isSignedIn}
        onPricing={() => setPricingOpen(true)}
        onSignIn={() => openAuth("signin")}
        onSignUp={() => openAuth("signup")}
      />
      <SsoErrorNotice />
      <main>
        <Hero
          onRequestDocument={() => startAction("request-document")}
          onSendDocument={() => startAction("share-document")}
          onDemo={() => setDemoOpen(true)}
        />
        <BenefitsSection />
        {isSignedIn ? <PlansSection /> : null}
        <KeyBenefitsSection />
        <FeatureHighlights />
        <WhoItsForSection />
        <StatsSection />
        <ClosingCta isSignedIn={isSignedIn} onTryForFree={() => openAuth("signup")} />
      </main>
      <LandingFooter />

      <SignInModal mode={authMode} onModeChange={setAuthMode} isOpen={authOpen} onOpenChange={onAuthOpenChange} />
      <PricingDialog
        isOpen={pricingOpen}
        onOpenChange={setPricingOpen}
        onTryForFree={isSignedIn ? undefined : () => openAuth("signup")}
        onSignIn={isSignedIn ? undefined : () => openAuth("signin")}
      />
      <DemoDialog
        isOpen={demoOpen}
        onOpenChange={setDemoOpen}
        isSignedIn={isSignedIn}
        onTryForFree={() => openAuth("signup")}
      />
    </div>
  );
}
