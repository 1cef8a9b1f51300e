import { useState } from "react";
import { UserPlus } from "lucide-react";
import { Button, type ButtonVariant } from "../../components/ui/Button";
import { UpgradeRequiredDialog } from "../subscription/UpgradeRequiredDialog";
import { usePlanLimits } from "../subscription/use-plan-limits";
import { AddCustomerDialog } from "./AddCustomerDialog";
import type { CreateCustomerFlow } from "./errors";

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
      <AddCustomerDialog flow={flow} isOpen={open === "add"} onOpenChange={(isOpen) => setOpen(isOpen ? "add" : null)} />
      <UpgradeRequiredDialog isOpen={open === "upgrade"} onOpenChange={(isOpen) => setOpen(isOpen ? "upgrade" : null)} />
    </>
  );
}
