import { usePageTitle } from "../components/use-page-title";
import { NotificationsPage } from "../features/notifications/NotificationsPage";

/** Where the bell's "View all notifications" goes. */
export function NotificationsRoute() {
  usePageTitle("Notifications");
  return <NotificationsPage />;
}
