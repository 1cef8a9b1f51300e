import { useEffect } from "react";
import { Section } from "./Section";
import { SECTION_IDS } from "./content";
import { PlanCardGrid } from "./PlanCardGrid";
import { useSubscriptionQuery } from "../subscription/api";
import { takePendingSubscription } from "../subscription/pending-subscription";
import { usePlanCheckout } from "../subscription/PlanCheckout";
import { usePlans } from "../subscription/use-plans";
import { notYoursToChange, useMemberMay } from "../workspaces/roles";

/** Plan cards for signed-in brokers (the anchor of "Manage Subscription"). */
export function PlansSection() {
  const { billingEnabled, isLoading } = usePlans();
  const subscription = useSubscriptionQuery();
  const checkout = usePlanCheckout();
  const managesBilling = useMemberMay("manageWorkspace");
  const currentPlan = subscription.data?.subscription.plan ?? null;

  // A plan chosen before signing in is offered again once the broker is back (SPEC 2).
  const ready = !isLoading && billingEnabled && subscription.isSuccess;
  useEffect(() => {
    if (!ready) return;
    const pending = takePendingSubscription();
    if (pending) checkout.choose(pending);
  }, [ready]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Section
      id={SECTION_IDS.plans}
      title="Choose your plan"
      intro={
        billingEnabled
          ? managesBilling
            ? "Prices are per month. Upgrade any time; cancel from your Profile."
            : `Prices are per month. ${notYoursToChange.billing}`
          : "Billing is not enabled on this portal, so every broker can use it without limits and nothing is charged."
      }
    >
      <PlanCardGrid checkout={checkout} currentPlan={currentPlan} className="gap-6" />
      {checkout.dialogs}
    </Section>
  );
}
