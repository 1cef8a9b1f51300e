// The portal's dialogs and panels load on first use (their own chunk), so a customer's phone
// downloads only the page it opens. Pressing a trigger starts the download early. Their words are
// in the catalog's later part, which comes with them.
import { withLaterMessages } from "../../lib/i18n/store";

const importOverlays = () => import("./PortalOverlays");
export const loadOverlays = withLaterMessages(importOverlays);

/** Starts loading the dialogs without waiting (e.g. on press start of a trigger). */
export const preloadOverlays = () => void loadOverlays().catch(() => {});
