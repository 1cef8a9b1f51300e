import { usePageTitle } from "../components/use-page-title";
import { useCurrentUser } from "../features/auth/api";
import { TeamPage } from "../features/workspaces/TeamPage";

/** The workspace's members, invitations and settings (side navigation "Team"). */
export function TeamRoute() {
  usePageTitle("Team");
  // Inside the broker area, which renders only for a signed-in broker.
  const { user } = useCurrentUser();
  return user ? <TeamPage user={user} /> : null;
}
