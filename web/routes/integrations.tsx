import { usePageTitle } from "../components/use-page-title";
import { IntegrationsPage } from "../features/integrations/IntegrationsPage";

/** The workspace's integrations (side navigation "Integrations", owners only). */
export function IntegrationsRoute() {
  usePageTitle("Integrations");
  return <IntegrationsPage />;
}
