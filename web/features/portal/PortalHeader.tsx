import { useEffect } from "react";
import { FileCheck2, LogIn } from "lucide-react";
import { readableTextOn } from "@shared/branding";
import type { CustomerProfileDto, PortalDto } from "@shared/api-types";
import { BellButton } from "../../components/BellButton";
import { Button } from "../../components/ui/Button";
import { customerInitials } from "@shared/user-display";
import { preloadOverlays } from "./overlay";
import { useT } from "../../lib/i18n/use-t";
import { LanguageSwitcher } from "./LanguageSwitcher";

export interface PortalHeaderProps {
  link: string;
  portal: PortalDto;
  unreadCount: number;
  onNotifications: () => void;
  onAccount: () => void;
  onSignIn: () => void;
}

/** "Customer Dashboard", the notification bell, and the account button or Sign In. */
export function PortalHeader({ link, portal, unreadCount, onNotifications, onAccount, onSignIn }: PortalHeaderProps) {
  const t = useT();
  const customer = portal.authenticated ? (portal.customer as CustomerProfileDto) : null;
  // One broker's portal wears their branding (logo, accent stripe); several brokers share the
  // neutral header and each shows their own in the help block.
  const accent = (portal.brokers?.length === 1 && portal.brokers[0]!.accentColor) || "";
  const brand = portal.brokers?.length === 1 ? portal.brokers[0] : undefined;
  // The accent on <html>, so the filled buttons take it (styles.css), dialogs included; the
  // stripe above reads it too (an unset --accent leaves no border).
  useEffect(() => {
    const style = document.documentElement.style;
    style.setProperty("--accent", accent);
    style.setProperty("--accent-text", accent && readableTextOn(accent));
  }, [accent]);
  return (
    <header data-page-header="portal" className="sticky top-0 z-30 border-b border-slate-200 bg-white [border-top:4px_solid_var(--accent)]">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:h-20 sm:px-6">
        {brand?.logoUrl ? (
          <img src={brand.logoUrl} alt={t("portal.brokerLogo", { name: brand.company ?? brand.name })} className="max-h-9 max-w-24 shrink-0 object-contain sm:max-h-11 sm:max-w-36" />
        ) : (
          <span aria-hidden="true" className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white sm:flex">
            <FileCheck2 className="size-5" />
          </span>
        )}
        <h1 className="min-w-0 truncate text-lg font-semibold text-slate-900 sm:text-xl">{t("portal.dashboardTitle")}</h1>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguageSwitcher link={link} />
          <BellButton
            unreadCount={unreadCount}
            label={(badge) => (badge ? t("portal.notificationsUnread", { badge }) : t("portal.notifications"))}
            onPressStart={preloadOverlays}
            onPress={onNotifications}
          />
          {customer ? (
            <Button
              variant="ghost"
              size="icon"
              // WCAG 2.5.3: the name starts with the initials the button shows.
              aria-label={t("portal.accountMenu", { initials: customerInitials(customer.name, customer.email), name: customer.name })}
              onPressStart={preloadOverlays}
              onPress={onAccount}
              className="rounded-full"
            >
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
                {customerInitials(customer.name, customer.email)}
              </span>
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onPressStart={preloadOverlays} onPress={onSignIn}>
              <LogIn aria-hidden="true" className="hidden size-4 sm:block" />
              {t("portal.signIn")}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
