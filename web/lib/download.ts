// Saving a file to the person's device, with the fallbacks of SPEC 7 ("Download helper
// fallbacks"): a link click first (the browser streams the file to disk; our file answers carry
// Content-Disposition: attachment), then the file fetched as a blob and saved from memory (for
// browsers that ignore the download attribute or refuse the click), and finally the file opened
// in a new tab with a hint to use Save As (SPEC 8). Every download button of the app comes here.
import { toast } from "../components/ui/Toast";

export type DownloadOutcome = "link" | "blob" | "tab" | "failed";

/** What the helper touches in the browser; tests hand in their own. */
export interface DownloadEnvironment {
  document: Document;
  location: { origin: string };
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  open: (url: string, target: string, features: string) => unknown;
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
  /** Whether <a download> is understood here (old in-app browsers ignore it and navigate). */
  supportsDownloadAttribute: boolean;
}

const browserEnvironment = (): DownloadEnvironment => ({
  document,
  location: window.location,
  fetch: (url, init) => fetch(url, init),
  open: (url, target, features) => window.open(url, target, features),
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
  supportsDownloadAttribute: "download" in HTMLAnchorElement.prototype,
});

export const SAVE_AS_HINT = {
  title: "Opened in a new tab",
  description: "The file could not be downloaded directly. Use your browser's Save As (Ctrl+S, or ⌘+S on a Mac) to keep it.",
} as const;

function clickLink(env: DownloadEnvironment, href: string, filename: string): void {
  const link = env.document.createElement("a");
  link.href = href;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  env.document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

// A cross-origin link ignores the download attribute and navigates away from the app.
const isSameOrigin = (url: string, env: DownloadEnvironment) => new URL(url, env.location.origin).origin === env.location.origin;

/**
 * Downloads `url` as `filename`. Resolves with the way that worked; never rejects. When only the
 * new tab is left, says so with the Save As hint; when even that is blocked, says the download failed.
 */
export async function downloadFile(url: string, filename: string, env: DownloadEnvironment = browserEnvironment()): Promise<DownloadOutcome> {
  if (env.supportsDownloadAttribute && isSameOrigin(url, env)) {
    try {
      clickLink(env, url, filename);
      return "link";
    } catch {
      // Fall through to the blob.
    }
  }
  try {
    const response = await env.fetch(url, { credentials: "include" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const objectUrl = env.createObjectURL(await response.blob());
    try {
      clickLink(env, objectUrl, filename);
    } finally {
      // Give the browser a moment to start reading the blob before it is released.
      setTimeout(() => env.revokeObjectURL(objectUrl), 60_000);
    }
    return "blob";
  } catch {
    // Fall through to the new tab.
  }
  try {
    // With "noopener" the browser returns null even when the tab opened, so only a throw is a failure.
    env.open(url, "_blank", "noopener,noreferrer");
  } catch {
    toast({ title: "Download failed", description: "Please try again.", variant: "error" });
    return "failed";
  }
  toast(SAVE_AS_HINT);
  return "tab";
}
