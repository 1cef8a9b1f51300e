// The portal's dialogs and panels load on first use (their own chunk), so a customer's phone
// downloads only the page it opens. Pressing a trigger starts the download early.
export const loadOverlays = () => import("./PortalOverlays");

/** Starts loading the dialogs without waiting (e.g. on press start of a trigger). */
export const preloadOverlays = () => void loadOverlays().catch(() => {});
