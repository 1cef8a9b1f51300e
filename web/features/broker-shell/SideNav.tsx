import { ClipboardList, LayoutDashboard, Plug, UserCog, Users } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cx } from "../../components/ui/cx";
import { useMemberMay } from "../workspaces/roles";

const items = [
  // "/" also counts as the dashboard (SPEC: admin shell side navigation).
  { label: "Dashboard", to: "/dashboard", icon: LayoutDashboard, activeOn: ["/dashboard", "/"] },
  { label: "All Customers", to: "/customers", icon: Users, activeOn: ["/customers"] },
  { label: "Templates", to: "/templates", icon: ClipboardList, activeOn: ["/templates"] },
  // Every member: an assistant's page says who manages the team.
  { label: "Team", to: "/team", icon: UserCog, activeOn: ["/team"] },
  // Owners only (a solo broker is one): keys and webhooks are the workspace's settings.
  { label: "Integrations", to: "/integrations", icon: Plug, activeOn: ["/integrations"], ownersOnly: true },
] as const;

/** The broker's main navigation; `onNavigate` lets the mobile drawer close itself. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const isOwner = useMemberMay("manageWorkspace");
  return (
    <nav aria-label="Main" className="flex flex-col gap-1 p-3">
      {items.filter((item) => isOwner || !("ownersOnly" in item)).map(({ label, to, icon: Icon, activeOn }) => {
        const active = (activeOn as readonly string[]).includes(pathname);
        return (
          <Link
            key={to}
            to={to}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cx(
              "flex min-h-11 items-center gap-3 rounded-lg px-3 text-base font-medium outline-none",
              "focus-visible:ring-2 focus-visible:ring-brand-500",
              active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
