import { Suspense, useEffect, useRef, useState } from "react";
import type { CustomerProfileDto, PortalDto } from "@shared/api-types";
import { Spinner } from "../../components/ui/Spinner";
import { useLiveChannel } from "../../api/live";
import { isNewAccount, useCustomerNotifications } from "./api";
import { loadOverlays } from "./overlay";
import type { Overlay } from "./overlay-kinds";
import { PortalHeader } from "./PortalHeader";
import { ProgressSummary } from "./ProgressSummary";
import { RequiredDocuments } from "./RequiredDocuments";
import { storeSession } from "./storage";
import { UploadsProvider } from "./use-uploads";
import { WelcomeBanner } from "./WelcomeBanner";
import { useFocusWhenLost } from "../../components/use-heading-focus";
import { lazyRetrying } from "../../lib/lazy-retrying";
import { useT } from "../../lib/i18n/use-t";
import { toastLabels } from "../../components/ui/Toast";

const PortalOverlay = lazyRetrying(loadOverlays);
const PortalLowerSections = lazyRetrying(() => import("./PortalLowerSections"));

export interface PortalScreenProps {
  link: string;
  portal: PortalDto;
  /** From ?reset={token}: opens the reset-password dialog once. */
  resetToken: string | null;
}

/** The loaded portal: guest or signed-in view, and whichever dialog is open. */
export function PortalScreen({ link, portal, resetToken }: PortalScreenProps) {
  const [overlay, setOverlay] = useState<Overlay | null>(resetToken !== null ? { kind: "reset", token: resetToken } : null);
  const signedIn = portal.authenticated;
  // When a dialog closes, its opener may be gone (signing in replaces the welcome and its Sign in
  // button with the progress): focus then goes on from the page's first heading, not <body>.
  const main = useRef<HTMLElement>(null);
  useFocusWhenLost(main, overlay === null ? signedIn : "a dialog is open", "h2");
  const t = useT();
  const notifications = useCustomerNotifications(link, signedIn, t);
  // Every toast's close button in the page's language (toasts are drawn outside the portal).
  useEffect(() => void (toastLabels.close = t("upload.closeNotice")), [t]);
  // The broker's reviews and requests show up without a reload; signing in or out inside the
  // portal reopens the socket under the new session.
  useLiveChannel({ kind: "customer", uploadLink: link }, signedIn ? `account:${(portal.customer as CustomerProfileDto).email}` : "guest");

  // Remember (per link) whether a session exists, so the next visit can say "Checking your session".
  useEffect(() => storeSession(link, signedIn ? portal.customer.id : null), [link, signedIn, portal.customer.id]);
  useEffect(() => {
    if (resetToken !== null) setOverlay({ kind: "reset", token: resetToken });
  }, [resetToken]);

  return (
    <UploadsProvider link={link} isGuest={!signedIn} maxBytes={portal.maxUploadBytes}>
      <div className="min-h-dvh bg-slate-50">
        <PortalHeader
          link={link}
          portal={portal}
          unreadCount={notifications.unreadCount}
          onNotifications={() => setOverlay({ kind: "notifications" })}
          onAccount={() => setOverlay({ kind: "profile" })}
          onSignIn={() => setOverlay({ kind: "signin" })}
        />
        {/* pb-36: the page's last controls can scroll above the toast strip (Toast.tsx). */}
        <main ref={main} className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-6 pb-36 sm:px-6 sm:pt-8">
          {signedIn ? (
            <ProgressSummary name={portal.customer.name} documents={portal.documents} isNewAccount={isNewAccount(link)} />
          ) : (
            <WelcomeBanner name={portal.customer.name} brokers={portal.brokers} onSignIn={() => setOverlay({ kind: "signin" })} />
          )}
          <RequiredDocuments link={link} portal={portal} onView={(document) => setOverlay({ kind: "preview", document })} />
          <Suspense fallback={null}>
            <PortalLowerSections portal={portal} onView={(document) => setOverlay({ kind: "preview", document })} onSignIn={() => setOverlay({ kind: "signin" })} />
          </Suspense>
        </main>
      </div>
      {overlay ? (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/30">
              <Spinner label={t("portal.loading")} className="rounded-xl bg-white p-4 shadow-lg" />
            </div>
          }
        >
          <PortalOverlay
            overlay={overlay}
            link={link}
            portal={portal}
            notifications={notifications}
            onChange={setOverlay}
          />
        </Suspense>
      ) : null}
    </UploadsProvider>
  );
}
