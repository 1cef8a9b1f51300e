import { LogOut } from "lucide-react";
import type { CustomerProfileDto } from "@shared/api-types";
import { CONNECTION_LOST, errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/Toast";
import { useCustomerSignOutMutation } from "./api";
import { HeaderPanel } from "./HeaderPanel";
import { loanTypeLabel } from "@shared/loan-types";

/** The signed-in customer's profile (SPEC 2: Name, Email, Customer ID, Invited By, Loan Type) and Sign Out. */
export function AccountPanel({ link, customer, onClose }: { link: string; customer: CustomerProfileDto; onClose: () => void }) {
  const signOut = useCustomerSignOutMutation(link);
  const rows: [string, string][] = [
    ["Name", customer.name],
    ["Email", customer.email],
    ["Customer ID", customer.id],
    ["Invited By", customer.invitedBy.join(", ") || "Not specified"],
    ["Loan Type", loanTypeLabel(customer.loanType)],
  ];
  return (
    <HeaderPanel title="Your Account" onClose={onClose}>
      <dl className="flex flex-col gap-3 px-4 py-4">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="border-t border-slate-200 p-2">
        <Button
          variant="ghost"
          className="w-full justify-start"
          isPending={signOut.isPending}
          onPress={() =>
            signOut.mutate(undefined, {
              onSuccess: () => {
                toast({ title: "Logged out successfully", variant: "success" });
                onClose();
              },
              onError: (failure) => toast({ title: "Sign out failed", description: errorText(failure, CONNECTION_LOST), variant: "error" }),
            })
          }
        >
          <LogOut aria-hidden="true" className="size-5 text-slate-500" />
          {signOut.isPending ? "Signing out..." : "Sign Out"}
        </Button>
      </div>
    </HeaderPanel>
  );
}
