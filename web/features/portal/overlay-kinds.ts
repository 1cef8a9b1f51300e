// Which dialog or panel of the portal is open. Apart from overlay.ts, which loads PortalOverlays.tsx,
// so that PortalOverlays can name it without importing its own loader.
import type { PortalDocumentDto } from "@shared/api-types";

export type Overlay =
  | { kind: "signin" }
  | { kind: "reset"; token: string }
  | { kind: "preview"; document: PortalDocumentDto }
  | { kind: "profile" }
  | { kind: "notifications" };
