import { Suspense, useState } from "react";
import { UserPlus } from "lucide-react";
import { Button, type ButtonVariant } from "../../components/ui/Button";
import { usePlanLimits } from "../subscription/use-plan-limits";
import type { CreateCustomerFlow } from "./errors";
import { lazyRetrying } from "../../lib/lazy-retrying";

// Fetched when first opened and mounted only while open: the dashboard's first load carries
// neither (issue 14, LCP on a phone).
const AddCustomerDialog = lazyRetrying(async () => ({ default: (await import("./AddCustomerDialog")).AddCustomerDialog }));
const UpgradeRequiredDialog = lazyRetrying(async () => ({ default: (await import("../subscription/UpgradeRequiredDialog")).UpgradeRequiredDialog }));

/** "Add New Customer", or the Upgrade Required dialog when the plan has no room (SPEC 2). */
export function AddCustomerButton({ variant = "primary", flow = "customers" }: { variant?: ButtonVariant; flow?: CreateCustomerFlow }) {
  const { canCreateCustomer } = usePlanLimits();
  const [open, setOpen] = useState<"add" | "upgrade" | null>(null);
  return (
    <>
      <Button variant={variant} onPress={() => setOpen(canCreateCustomer ? "add" : "upgrade")}>
        <UserPlus aria-hidden="true" className="size-5" />
        Add New Customer
      </Button>
      <Suspense fallback={null}>
        {open === "add" ? <AddCustomerDialog flow={flow} isOpen onOpenChange={(isOpen) => setOpen(isOpen ? "add" : null)} /> : null}
        {open === "upgrade" ? <UpgradeRequiredDialog isOpen onOpenChange={(isOpen) => setOpen(isOpen ? "upgrade" : null)} /> : null}
      </Suspense>
    </>
  );
}
