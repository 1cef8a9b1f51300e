import { useParams } from "react-router";
import { PagePlaceholder } from "../components/PagePlaceholder";

export function CustomerDetailRoute() {
  const { id } = useParams();
  if (!id) return <PagePlaceholder title="Customer not found" />;
  return <PagePlaceholder title="Customer details" />;
}
