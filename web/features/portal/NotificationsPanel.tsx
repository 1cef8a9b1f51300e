import { BellOff } from "lucide-react";
import { notificationTime } from "@shared/relative-time";
import type { CustomerNotifications } from "./api";
import { HeaderPanel } from "./HeaderPanel";

/** The bell's panel: the latest notifications; opening one marks it read. */
export function NotificationsPanel({ data, signedIn, onClose }: { data: CustomerNotifications; signedIn: boolean; onClose: () => void }) {
  const now = new Date();
  return (
    <HeaderPanel title="Notifications" onClose={onClose}>
      {data.unreadCount > 0 ? (
        <div className="flex justify-end border-b border-slate-100 px-4 py-2">
          <button type="button" className="min-h-11 text-sm font-medium text-brand-700 underline" disabled={data.isMarkingAll} onClick={data.markAllRead}>
            {data.isMarkingAll ? "Marking..." : "Mark all read"}
          </button>
        </div>
      ) : null}
      {data.notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <BellOff aria-hidden="true" className="size-8 text-slate-400" />
          <p className="text-slate-700">No notifications yet</p>
          {signedIn ? null : <p className="text-sm text-slate-500">Sign in to get updates about your documents.</p>}
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.notifications.map((notification) => (
            <li key={notification.id}>
              <button
                type="button"
                onClick={() => data.markRead(notification)}
                className={`block w-full px-4 py-3 text-left ${notification.read ? "" : "bg-brand-50"}`}
              >
                <span className="block font-medium text-slate-900">
                  {notification.read ? null : <span className="sr-only">Unread: </span>}
                  {notification.title}
                </span>
                <span className="block text-sm text-slate-600">{notification.message}</span>
                <span className="mt-1 block text-xs text-slate-500">{notificationTime(notification.createdAt, now)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </HeaderPanel>
  );
}
