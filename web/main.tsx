import { lazy, StrictMode, Suspense, useRef, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "./api/query-client";
import { App, preloadRoute } from "./App";
import { toastQueue } from "./components/ui/Toast";
import { focusInvalidFieldOnSubmit } from "./components/focus-invalid-field";
import { ConnectionBanner } from "./components/ConnectionBanner";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { RETRY_MS } from "./api/connection";

// Toasts are drawn by a chunk of their own: a customer opening their link on a phone does not
// wait for it before the first paint. It is fetched once the page has painted, so it is there when
// the server no longer is (a toast saying a request failed must not fail to load itself); if even
// that fetch fails, it is tried again until it loads, the toast waiting in the queue meanwhile.
const loadToastRegion = async (): Promise<{ default: typeof import("./components/ui/ToastRegion").ToastRegion }> => {
  for (;;) {
    try {
      return { default: (await import("./components/ui/ToastRegion")).ToastRegion };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
};
const toastRegion = { pending: null as ReturnType<typeof loadToastRegion> | null };
const toastRegionChunk = () => (toastRegion.pending ??= loadToastRegion());
const ToastRegion = lazy(toastRegionChunk);

function ToastHost() {
  const queued = useSyncExternalStore(
    (onChange) => toastQueue.subscribe(onChange),
    () => toastQueue.visibleToasts.length > 0,
  );
  const needed = useRef(false);
  needed.current ||= queued;
  return needed.current ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}

const queryClient = createQueryClient();
focusInvalidFieldOnSubmit();

// The screen's modules and first read are loaded before the first render (see preloadRoute); a
// failure there is left to the screen itself, which loads again and shows its own error. Not a
// top-level await: the chunks it imports import this module, which must finish evaluating first.
const render = () => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ConnectionBanner />
        <ErrorBoundary>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </ErrorBoundary>
        <ToastHost />
      </QueryClientProvider>
    </StrictMode>,
  );
  afterPageLoad(() => void toastRegionChunk());
};

/** A second after the page's load event: fetches that must not compete with the first screen. */
function afterPageLoad(run: () => void): void {
  const later = () => setTimeout(run, 1_000);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
void preloadRoute(window.location.pathname, queryClient).then(render, render);
