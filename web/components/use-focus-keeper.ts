import { useEffect, useRef, type FocusEvent } from "react";

/**
 * Keeps keyboard focus in a row whose controls are replaced while they are used (an upload's
 * buttons become a progress bar, then a "received" note): when `state` changes while focus was
 * in the row and the focused control went with it (focus fell to <body>), the element with
 * `targetId` (the row's title, tabIndex -1) is focused instead. Focus elsewhere is left alone,
 * so a change pushed by the live channel never pulls focus away from what the person is doing.
 * Spread the returned handlers on the row.
 */
export function useFocusKeeper(state: string, targetId: string) {
  const inside = useRef(false);
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === state) return;
    previous.current = state;
    const active = document.activeElement;
    if (inside.current && (!active || active === document.body)) document.getElementById(targetId)?.focus();
  }, [state, targetId]);
  return {
    onFocus: () => {
      inside.current = true;
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      // A removed control blurs with no related target: that is exactly the case to repair.
      const next = event.relatedTarget as Node | null;
      if (next && !event.currentTarget.contains(next)) inside.current = false;
    },
  };
}
