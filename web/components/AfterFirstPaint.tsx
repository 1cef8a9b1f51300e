import { useDeferredValue, type ReactNode } from "react";

/**
 * Renders its children in a second, deferred render, after the screen's first one has been
 * painted (React's useDeferredValue with an initial value). For the sections below a screen's
 * header: on a slow phone the header, the actions and the figures are on screen before React has
 * built the long lists under them (the dashboard: ~0.3 s sooner with the CPU slowed 4×,
 * scripts/bench/lcp.ts). Nothing above moves when they arrive: they only add to the page's end.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const painted = useDeferredValue(true, false);
  return painted ? children : null;
}
