import { LogOut } from "lucide-react";
import type { CustomerProfileDto } from "@shared/api-types";
import { useT } from "../../lib/i18n/use-t";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/Toast";
import { useCustomerSignOutMutation } from "./api";
import { HeaderPanel } from "./HeaderPanel";
import { loanTypeWords } from "./loan-type-words";
import { useErrorText } from "./error-text";

/** The signed-in customer's profile (SPEC 2: Name, Email, Customer ID, Invited By, Loan Type) and Sign Out. */
export function AccountPanel({ link, customer, onClose }: { link: string; customer: CustomerProfileDto; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const signOut = useCustomerSignOutMutation(link);
  const rows: [string, string][] = [
    [t("dialogs.name"), customer.name],
    [t("dialogs.email"), customer.email],
    [t("dialogs.customerId"), customer.id],
    [t("dialogs.invitedBy"), customer.invitedBy.join(", ") || t("dialogs.notSpecified")],
    [t("dialogs.loanType"), loanTypeWords(customer.loanType, t)],
  ];
  return (
    <HeaderPanel title={t("dialogs.yourAccount")} onClose={onClose}>
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
                toast({ title: t("dialogs.loggedOut"), variant: "success" });
                onClose();
              },
              onError: (failure) => toast({ title: t("dialogs.signOutFailed"), description: errorText(failure, t("upload.connectionLost")), variant: "error" }),
            })
          }
        >
          <LogOut aria-hidden="true" className="size-5 text-slate-500" />
          {t(signOut.isPending ? "dialogs.signingOut" : "dialogs.signOut")}
        </Button>
      </div>
    </HeaderPanel>
  );
}
