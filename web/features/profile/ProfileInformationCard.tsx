import { Mail, ShieldCheck, UserRound } from "lucide-react";
import { displayName } from "@shared/user-display";
import { Badge } from "../../components/ui/Badge";
import type { AuthUser } from "../auth/api";
import { ProfileAvatar } from "./ProfileAvatar";
import { Card } from "../../components/ui/Card";

/** SPEC 2 "Profile": avatar, initials, an Admin badge, full name, user id, email. */
export function ProfileInformationCard({ user }: { user: AuthUser }) {
  return (
    <Card title="Profile Information" icon={<UserRound />}>
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:text-left">
        <ProfileAvatar user={user} />
        <div className="flex min-w-0 flex-col items-center gap-1.5 sm:items-start">
          <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            <p className="text-xl font-semibold break-words text-slate-900">{displayName(user)}</p>
            <Badge tone="brand" icon={<ShieldCheck />}>
              Admin
            </Badge>
          </div>
          <p className="flex flex-col text-sm text-slate-500 sm:flex-row sm:flex-wrap sm:gap-x-1">
            <span>User ID:</span>
            <span className="font-mono text-xs leading-5 break-all text-slate-700">{user.id}</span>
          </p>
          <p className="flex min-w-0 items-center gap-1.5 text-slate-700">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span className="break-all">{user.email}</span>
          </p>
        </div>
      </div>
    </Card>
  );
}
