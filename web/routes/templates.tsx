import { usePageTitle } from "../components/use-page-title";
import { TemplatesPage } from "../features/templates/TemplatesPage";

/** The broker's checklist templates (side navigation "Templates"). */
export function TemplatesRoute() {
  usePageTitle("Templates");
  return <TemplatesPage />;
}
