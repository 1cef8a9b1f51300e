import { usePageTitle } from "../components/use-page-title";
import { JoinScreen } from "../features/workspaces/JoinScreen";

/** A workspace invitation's emailed link: public, since the invited person has no account yet. */
export function JoinRoute() {
  usePageTitle("Join your team");
  return <JoinScreen />;
}
