import { usePageTitle } from "../components/use-page-title";
import { useCurrentUser } from "../features/auth/api";
import { IntegrationsPage } from "../features/integrations/IntegrationsPage";

/** API keys (and, at merge, webhooks): side navigation "Integrations", owners only. */
export function IntegrationsRoute() {
  usePageTitle("Integrations");
  // Inside the broker area, which renders only for a signed-in broker.
  const { user } = useCurrentUser();
  return user ? <IntegrationsPage user={user} /> : null;
}
