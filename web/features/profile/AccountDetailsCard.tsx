import { IdCard } from "lucide-react";
import type { AuthUser } from "../auth/api";
import { Card, DetailField } from "../../components/ui/Card";

export const NOT_PROVIDED = "Not provided";

const orNotProvided = (value: string | null | undefined) => {
  const trimmed = (value ?? "").trim();
  return trimmed ? trimmed : <span className="font-normal text-slate-500 italic">{NOT_PROVIDED}</span>;
};

/** SPEC 2 "Profile": first and last name (or Not provided), email, account type Administrator. */
export function AccountDetailsCard({ user }: { user: AuthUser }) {
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
    </Card>
  );
}
