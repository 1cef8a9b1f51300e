import { BellOff } from "lucide-react";
import { notificationTime } from "@shared/relative-time";
import type { CustomerNotifications } from "./api";
import { HeaderPanel } from "./HeaderPanel";

/**
 * The bell's panel. It renders whatever useCustomerNotifications returns; until the
 * notifications issue wires the data in, that is always the empty state.
 */
export function NotificationsPanel({ data, signedIn, onClose }: { data: CustomerNotifications; signedIn: boolean; onClose: () => void }) {
  const now = new Date();
  return (
    <HeaderPanel title="Notifications" onClose={onClose}>
      {data.notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <BellOff aria-hidden="true" className="size-8 text-slate-400" />
          <p className="text-slate-700">No notifications yet</p>
          {signedIn ? null : <p className="text-sm text-slate-500">Sign in to get updates about your documents.</p>}
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.notifications.map((notification) => (
            <li key={notification.id} className={notification.isRead ? "px-4 py-3" : "bg-brand-50 px-4 py-3"}>
              <p className="font-medium text-slate-900">{notification.title}</p>
              <p className="text-sm text-slate-600">{notification.message}</p>
              <p className="mt-1 text-xs text-slate-500">{notificationTime(notification.createdAt, now)}</p>
            </li>
          ))}
        </ul>
      )}
    </HeaderPanel>
  );
}
