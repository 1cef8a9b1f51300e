import { PagePlaceholder } from "../components/PagePlaceholder";

export function CustomersRoute() {
  return <PagePlaceholder title="All Customers" />;
}
