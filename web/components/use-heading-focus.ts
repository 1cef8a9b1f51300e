import { useEffect, type RefObject } from "react";
import { useLocation } from "react-router";

const WAIT_MS = 2000;
const STEP_MS = 100;

/**
 * After a move to another screen inside the app, puts keyboard focus on the new screen's heading
 * when focus was lost (the control that led here is gone: the sign-in dialog, a deleted
 * customer's page), so Tab and a screen reader go on from the top of the new screen instead of
 * from <body>. Focus that is still somewhere (a side-navigation link) is left where it is, and
 * the first page load is left to the browser. The heading may arrive with its data: it is looked
 * for a little while.
 */
export function useHeadingFocus(container: RefObject<HTMLElement | null>): void {
  const { key } = useLocation();
  useEffect(() => {
    if (key === "default") return; // the page as loaded, not a move inside the app
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const attempt = () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const heading = container.current?.querySelector<HTMLElement>("h1");
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else if (Date.now() - started < WAIT_MS) {
        timer = setTimeout(attempt, STEP_MS);
      }
    };
    attempt();
    return () => clearTimeout(timer);
  }, [key, container]);
}
