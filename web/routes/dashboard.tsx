import { PagePlaceholder } from "../components/PagePlaceholder";

export function DashboardRoute() {
  return <PagePlaceholder title="Dashboard" />;
}
