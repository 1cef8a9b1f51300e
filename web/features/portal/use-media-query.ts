import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now; re-renders when that changes (rotation, resizing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export type Layout = "desktop" | "tablet" | "mobile";

/** Tailwind's lg (1024 px) and sm (640 px) breakpoints. */
export function useLayout(): Layout {
  const desktop = useMediaQuery("(min-width: 1024px)");
  const tablet = useMediaQuery("(min-width: 640px)");
  return desktop ? "desktop" : tablet ? "tablet" : "mobile";
}
