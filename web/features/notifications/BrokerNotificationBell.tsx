import { useNavigate } from "react-router";
import { NotificationBell } from "../../components/NotificationBell";
import { brokerNotificationSource, useNotifications } from "./api";

/** The admin header's bell: opening a notification about a customer goes to that customer. */
export function BrokerNotificationBell({ enabled }: { enabled: boolean }) {
  const navigate = useNavigate();
  const n = useNotifications(brokerNotificationSource, enabled);
  return (
    <NotificationBell
      notifications={n.notifications}
      unreadCount={n.unreadCount}
      isLoading={n.isLoading}
      isMarkingAll={n.isMarkingAll}
      onMarkAllRead={n.markAllRead}
      viewAllHref="/notifications"
      onOpen={(item) => {
        n.markRead(item);
        const customerId = item.metadata?.customerId;
        if (typeof customerId !== "string") return false;
        navigate(`/customer/${customerId}`);
        return true;
      }}
    />
  );
}
