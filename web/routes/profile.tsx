import { PagePlaceholder } from "../components/PagePlaceholder";

export function ProfileRoute() {
  return <PagePlaceholder title="Profile" />;
}
