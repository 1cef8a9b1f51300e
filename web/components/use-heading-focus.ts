import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

const WAIT_MS = 2000;
const STEP_MS = 100;

const FIRST_RENDER = Symbol("first render");

/**
 * When `trigger` changes (and on the first render with `onMount`), and keyboard focus is lost
 * within a moment (the control that had it went away: a sign-in dialog and the button that opened
 * it), puts focus on the first element matching `selector` inside `container`, so Tab and a screen
 * reader go on from there instead of from <body>. Focus that stays on a control is left alone. The target may
 * arrive with its data, and a closing dialog gives focus back a moment after the change: both
 * are waited for a little while.
 */
export function useFocusWhenLost(container: RefObject<HTMLElement | null>, trigger: unknown, selector: string, { onMount = false } = {}): void {
  const previous = useRef<unknown>(onMount ? FIRST_RENDER : trigger);
  useEffect(() => {
    if (Object.is(previous.current, trigger)) return; // nothing changed (or the first render)
    previous.current = trigger;
    return focusOnceLost(() => container.current?.querySelector<HTMLElement>(selector));
  }, [trigger, container, selector]);
}

/**
 * Focuses `target()` as soon as keyboard focus is found lost (on <body>) within the next two
 * seconds, the target being there; returns a function that stops waiting.
 */
export function focusOnceLost(target: () => HTMLElement | null | undefined): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = Date.now();
  const attempt = () => {
    const active = document.activeElement;
    const element = target();
    if ((!active || active === document.body) && element) {
      if (!element.hasAttribute("tabindex")) element.tabIndex = -1; // a heading: reachable by script only
      element.focus({ preventScroll: true });
    } else if (Date.now() - started < WAIT_MS) {
      timer = setTimeout(attempt, STEP_MS);
    }
  };
  attempt();
  return () => clearTimeout(timer);
}

/**
 * After a move to another screen inside the app, its h1; the broker area mounts with the move
 * when it follows signing in. The page as loaded (key "default") is left to the browser.
 */
export function useHeadingFocus(container: RefObject<HTMLElement | null>): void {
  const { key } = useLocation();
  useFocusWhenLost(container, key, "h1", { onMount: key !== "default" });
}
