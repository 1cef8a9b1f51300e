import { Suspense, useRef, useState, type ReactNode } from "react";
import { Menu as MenuIcon } from "lucide-react";
import type { AuthUser } from "../auth/api";
import { Logo } from "../../components/Logo";
import { useLiveChannel } from "../../api/live";
import { BrokerNotificationBell } from "../notifications/BrokerNotificationBell";
import { SideNav } from "./SideNav";
import { UserMenu } from "./UserMenu";
import { useHeadingFocus } from "../../components/use-heading-focus";
import { Button } from "../../components/ui/Button";
import { lazyRetrying } from "../../lib/lazy-retrying";

// Fetched when first opened and mounted only while open: a broker's first load carries no
// drawer (issue 14, LCP on a phone).
const MobileNavDrawer = lazyRetrying(async () => ({ default: (await import("./MobileNavDrawer")).MobileNavDrawer }));

/** The signed-in broker's frame: fixed header, side navigation, content. */
export function AdminShell({ user, children }: { user: AuthUser; children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  useHeadingFocus(main);
  // Every broker screen refreshes itself when something changes (uploads, reviews, edits…).
  useLiveChannel(user.id ? { kind: "broker" } : null, user.id);
  return (
    <div className="min-h-dvh bg-slate-50">
      <header data-page-header="shell" className="fixed inset-x-0 top-0 z-40 flex h-20 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-6">
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open navigation menu"
          aria-expanded={drawerOpen}
          onPress={() => setDrawerOpen(true)}
        >
          <MenuIcon aria-hidden="true" className="size-6" />
        </Button>
        <Logo />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <BrokerNotificationBell enabled={Boolean(user.id)} />
          <UserMenu user={user} />
        </div>
      </header>

      <aside className="fixed bottom-0 left-0 top-20 hidden w-64 border-r border-slate-200 bg-white lg:block">
        <SideNav />
      </aside>

      <Suspense fallback={null}>{drawerOpen ? <MobileNavDrawer isOpen onOpenChange={setDrawerOpen} /> : null}</Suspense>

      {/* pb-36: the page's last controls can scroll above the toast strip (Toast.tsx). */}
      <main ref={main} className="px-4 pb-36 pt-26 sm:px-6 lg:pl-70">
        {children}
      </main>
    </div>
  );
}
