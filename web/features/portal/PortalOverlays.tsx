// Every dialog and panel of the portal, in one chunk loaded on first use (see overlay.ts).
import { I18nProvider } from "react-aria-components";
import type { CustomerProfileDto, PortalDto } from "@shared/api-types";
import { useLanguage } from "../../lib/i18n/use-t";
import type { CustomerNotifications } from "./api";
import { AccountPanel } from "./AccountPanel";
import { DocumentPreviewDialog } from "./DocumentPreviewDialog";
import { NotificationsPanel } from "./NotificationsPanel";
import type { Overlay } from "./overlay-kinds";
import { ResetPasswordDialog } from "./ResetPasswordDialog";
import { SignInDialog } from "./SignInDialog";
import { SigningDialog } from "./SigningDialog";

export { SignAction } from "./SignAction";
export { WithdrawnSignatures } from "./WithdrawnSignatures";

export interface PortalOverlayProps {
  overlay: Overlay;
  link: string;
  portal: PortalDto;
  notifications: CustomerNotifications;
  onChange: (overlay: Overlay | null) => void;
}

export default function PortalOverlay(props: PortalOverlayProps) {
  const { language } = useLanguage();
  // React Aria's own words (a panel's hidden "Dismiss") in the page's language too. Here, not
  // around the whole portal: I18nProvider on the first load cost 0.9 KB of its budget.
  return (
    <I18nProvider locale={language}>
      <OverlayContent {...props} />
    </I18nProvider>
  );
}

function OverlayContent({ overlay, link, portal, notifications, onChange }: PortalOverlayProps) {
  const close = () => onChange(null);
  switch (overlay.kind) {
    case "signin":
      return <SignInDialog link={link} onClose={close} />;
    case "reset":
      return <ResetPasswordDialog token={overlay.token} onClose={close} onReset={() => onChange({ kind: "signin" })} />;
    case "preview":
      // A document to sign opens as the signing screen (its View shows the signed copy there too).
      if (overlay.document.kind === "signature") return <SigningDialog link={link} document={overlay.document} onClose={close} />;
      return <DocumentPreviewDialog document={overlay.document} onClose={close} />;
    case "notifications":
      return <NotificationsPanel data={notifications} signedIn={portal.authenticated} onClose={close} />;
    case "profile":
      // Signed out meanwhile (another tab, expired session): nothing to show.
      return portal.authenticated ? <AccountPanel link={link} customer={portal.customer as CustomerProfileDto} onClose={close} /> : null;
  }
}
