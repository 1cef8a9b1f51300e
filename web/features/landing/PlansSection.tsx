import { PLANS } from "@shared/plans";
import { Button } from "../../components/ui/Button";
import { SECTION_IDS } from "./content";
import { PlanCard } from "./PlanCard";
import { Section } from "./Section";

/**
 * Plan cards for signed-in brokers (the anchor of "Manage Subscription").
 * Billing arrives in a later build; until then every plan button is disabled.
 */
export function PlansSection() {
  return (
    <Section
      id={SECTION_IDS.plans}
      title="Choose your plan"
      intro="Billing is not enabled on this installation yet, so every broker can use the portal without limits."
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            highlighted={plan.id === "basic"}
            action={
              <Button variant="secondary" isDisabled className="w-full">
                Billing is not enabled
              </Button>
            }
          />
        ))}
      </div>
    </Section>
  );
}
