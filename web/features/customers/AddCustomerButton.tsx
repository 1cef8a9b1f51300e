import { useState } from "react";
import { UserPlus } from "lucide-react";
import { Button, type ButtonVariant } from "../../components/ui/Button";
import { UpgradeRequiredDialog } from "../subscription/UpgradeRequiredDialog";
import { usePlanLimits } from "../subscription/use-plan-limits";
import { AddCustomerDialog } from "./AddCustomerDialog";

/** "Add New Customer", or the Upgrade Required dialog when the plan has no room (SPEC 2). */
export function AddCustomerButton({ variant = "primary" }: { variant?: ButtonVariant }) {
  const { canCreateCustomer } = usePlanLimits();
  const [open, setOpen] = useState<"add" | "upgrade" | null>(null);
  return (
    <>
      <Button variant={variant} onPress={() => setOpen(canCreateCustomer ? "add" : "upgrade")}>
        <UserPlus aria-hidden="true" className="size-5" />
        Add New Customer
      </Button>
      <AddCustomerDialog isOpen={open === "add"} onOpenChange={(isOpen) => setOpen(isOpen ? "add" : null)} />
      <UpgradeRequiredDialog isOpen={open === "upgrade"} onOpenChange={(isOpen) => setOpen(isOpen ? "upgrade" : null)} />
    </>
  );
}
