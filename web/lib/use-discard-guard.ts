import { useEffect, useRef, useState } from "react";

// Marks the history entry a guard pushed, so it takes off only its own.
const GUARD = "discardGuard";
let entries = 0;

/**
 * Asks before a dialog's filled form is thrown away. Every way of closing it goes through
 * `requestClose` (Escape, Close, Cancel: the dialog's onOpenChange(false)), and so does the
 * browser's Back (a phone's back gesture): while the dialog is open an extra history entry sits
 * on top, so Back pops that entry instead of leaving the page. With nothing typed it simply closes;
 * with input, `asking` turns on and the caller shows its confirm (then `discard` or `keep`).
 */
export function useDiscardGuard({ isOpen, isDirty, close }: { isOpen: boolean; isDirty: () => boolean; close: () => void }) {
  const [asking, setAsking] = useState(false);
  // Read by the Back listener, which is added once per opening.
  const latest = useRef({ isDirty, close });
  latest.current = { isDirty, close };

  useEffect(() => {
    if (!isOpen) return;
    const entry = ++entries;
    window.history.pushState({ ...window.history.state, [GUARD]: entry }, "");
    let popped = false;
    const onBack = () => {
      if (latest.current.isDirty()) {
        // Stay on the page: put the entry back and ask.
        window.history.pushState({ ...window.history.state, [GUARD]: entry }, "");
        setAsking(true);
      } else {
        popped = true;
        latest.current.close();
      }
    };
    window.addEventListener("popstate", onBack);
    return () => {
      window.removeEventListener("popstate", onBack);
      // Closed another way: take the extra entry off again, so Back means what it meant before
      // (only while it is still the current entry: never undo a navigation made since).
      if (!popped && window.history.state?.[GUARD] === entry) window.history.back();
    };
  }, [isOpen]);

  return {
    asking,
    requestClose: () => (isDirty() ? setAsking(true) : close()),
    discard: () => {
      setAsking(false);
      close();
    },
    keep: () => setAsking(false),
  };
}
