// The Team screen: who works in this workspace and in which role; for the owner also invitations,
// removing members with their customers handed over, a whole pipeline's handover and the
// workspace's settings. What a role may not do is not offered, and the page says why.
import { Info } from "lucide-react";
import type { AuthUser } from "../auth/api";
import { HandoverCard } from "./HandoverCard";
import { InvitationsCard } from "./InvitationsCard";
import { MembersCard } from "./MembersCard";
import { notYoursToChange, roleLabels, useMemberMay } from "./roles";
import { WorkspaceSettingsCard } from "./WorkspaceSettingsCard";

export function TeamPage({ user }: { user: AuthUser }) {
  const mayRead = useMemberMay("readWorkspace");
  const isOwner = useMemberMay("manageWorkspace");
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Team</h1>
        <p className="mt-1 text-slate-600">
          Your role in this workspace: <strong className="font-semibold text-slate-900">{roleLabels[user.role]}</strong>
        </p>
      </header>
      {!isOwner ? (
        <p role="note" className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          {mayRead ? notYoursToChange.team : notYoursToChange.teamForAssistant}
        </p>
      ) : null}
      {mayRead ? (
        <>
          <MembersCard myId={user.id} isOwner={isOwner} />
          {isOwner ? (
            <>
              <InvitationsCard />
              <HandoverCard myId={user.id} />
            </>
          ) : null}
          <WorkspaceSettingsCard isOwner={isOwner} />
        </>
      ) : null}
    </section>
  );
}
