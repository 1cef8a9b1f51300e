import { BellOff } from "lucide-react";
import { MarkAllReadButton, NotificationEntry } from "../../components/NotificationParts";
import type { CustomerNotifications } from "./api";
import { HeaderPanel } from "./HeaderPanel";
import { useT } from "../../lib/i18n/use-t";
import { useNoticeText, useNotificationWords } from "./notice-text";

/** The bell's panel: the latest notifications; opening one marks it read. */
export function NotificationsPanel({ data, signedIn, onClose }: { data: CustomerNotifications; signedIn: boolean; onClose: () => void }) {
  const t = useT();
  const said = useNoticeText();
  const words = useNotificationWords();
  const now = new Date();
  return (
    <HeaderPanel title={t("portal.notifications")} onClose={onClose}>
      {data.unreadCount > 0 ? (
        <div className="flex justify-end border-b border-slate-100 px-4 py-2">
          <MarkAllReadButton onPress={data.markAllRead} isMarkingAll={data.isMarkingAll} words={words} />
        </div>
      ) : null}
      {data.notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
          <BellOff aria-hidden="true" className="size-8 text-slate-400" />
          <p className="text-slate-700">{t("dialogs.noNotifications")}</p>
          {signedIn ? null : <p className="text-sm text-slate-500">{t("dialogs.signInForUpdates")}</p>}
        </div>
      ) : (
        <ul aria-label={t("dialogs.latestNotifications")}>
          {data.notifications.map((notification) => (
            <li key={notification.id}>
              <NotificationEntry item={said(notification)} now={now} words={words} onPress={() => data.markRead(notification)} />
            </li>
          ))}
        </ul>
      )}
    </HeaderPanel>
  );
}
