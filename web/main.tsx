import { lazy, StrictMode, Suspense, useRef, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "./api/query-client";
import { App, preloadRoute } from "./App";
import { toastQueue } from "./components/ui/Toast";
import { focusInvalidFieldOnSubmit } from "./components/focus-invalid-field";

// Toasts are drawn by a chunk of their own, fetched when the first toast is queued (it waits in
// the queue meanwhile): a customer opening their link on a phone does not download it up front.
const ToastRegion = lazy(async () => ({ default: (await import("./components/ui/ToastRegion")).ToastRegion }));

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
const render = () =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
        <ToastHost />
      </QueryClientProvider>
    </StrictMode>,
  );
void preloadRoute(window.location.pathname, queryClient).then(render, render);
