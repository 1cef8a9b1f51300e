// The first reads a page can start before its scripts run. Each URL is spelled once, here, for
// the app's fetch and for the page's preload, or the browser would fetch it twice.

/** GET /api/upload/{link}: what an upload link opens (web/features/portal/api.ts). */
export const portalDataPath = (link: string) => `/api/upload/${encodeURIComponent(link)}` as const;

/**
 * A preload the app's fetch then takes over: the same URL and the same credentials mode (the
 * app's fetch sends cookies, credentials "include", which is crossorigin="use-credentials").
 */
export const fetchPreloadTag = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;

/**
 * The web build's map of each language to its catalog's chunk ({"es": "/assets/es-1a2b.js"}), so
 * the server can preload the one a page will show (scripts/catalog-chunks.ts writes it).
 */
export const CATALOG_CHUNKS_FILE = "/catalog-chunks.json";

/** A script the page will import, fetched alongside the entry instead of after it. */
export const modulePreloadTag = (href: string) => `<link rel="modulepreload" href="${href}">`;
