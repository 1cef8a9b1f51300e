import { IdCard } from "lucide-react";
import { useState } from "react";
import type { AuthUser } from "../auth/api";
import { Button } from "../../components/ui/Button";
import { Card, DetailField } from "../../components/ui/Card";
import { ChangeEmailDialog } from "./ChangeEmailDialog";
import { ChangePasswordDialog } from "./ChangePasswordDialog";

export const NOT_PROVIDED = "Not provided";

const orNotProvided = (value: string | null | undefined) => {
  const trimmed = (value ?? "").trim();
  return trimmed ? trimmed : <span className="font-normal text-slate-500 italic">{NOT_PROVIDED}</span>;
};

/**
 * SPEC 2 "Profile": first and last name (or Not provided), email, account type Administrator;
 * and the account's own changes: a new sign-in email, a new password. (Names are edited with the
 * contact details, in ContactBrandingCard.)
 */
export function AccountDetailsCard({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState<"email" | "password" | null>(null);
  const toggle = (which: "email" | "password") => (isOpen: boolean) => setOpen(isOpen ? which : null);
  return (
    <Card title="Account Details" icon={<IdCard />}>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DetailField label="First Name">{orNotProvided(user.firstName)}</DetailField>
        <DetailField label="Last Name">{orNotProvided(user.lastName)}</DetailField>
        <DetailField label="Email">
          <span className="break-all">{user.email}</span>
        </DetailField>
        <DetailField label="Account Type">Administrator</DetailField>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onPress={() => setOpen("email")}>
          Change email
        </Button>
        <Button variant="secondary" size="sm" onPress={() => setOpen("password")}>
          Change password
        </Button>
      </div>
      <ChangeEmailDialog isOpen={open === "email"} onOpenChange={toggle("email")} />
      <ChangePasswordDialog isOpen={open === "password"} onOpenChange={toggle("password")} />
    </Card>
  );
}
