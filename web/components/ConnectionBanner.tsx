// "Can't reach the portal": shown while the server cannot be reached, gone by itself when it can
// (see connection.ts); everything on screen is then fetched again. Announced politely to screen
// readers, and fixed near the top so no screen hides it: right under the page's header, whose
// controls (on a phone, the menu and the bell fill it) it must not cover (styles.css,
// --page-header-bottom).
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { isDown, subscribe } from "../api/connection";

export const CONNECTION_LOST_TITLE = "Can't reach the portal right now.";
export const CONNECTION_LOST_DETAIL = "Nothing you entered is lost. This goes away once it is back.";

export function ConnectionBanner() {
  const down = useSyncExternalStore(subscribe, isDown, isDown);
  const queryClient = useQueryClient();
  const wasDown = useRef(false);
  // Back: everything shown may have changed meanwhile, and failed reads are read again.
  useEffect(() => {
    if (wasDown.current && !down) void queryClient.invalidateQueries({ refetchType: "all" });
    wasDown.current = down;
  }, [down, queryClient]);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-(--page-header-bottom,0px) z-[60] flex justify-center p-2">
      {down && (
        <p className="pointer-events-auto max-w-xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 shadow">
          <strong className="font-semibold">{CONNECTION_LOST_TITLE}</strong> {CONNECTION_LOST_DETAIL}
        </p>
      )}
    </div>
  );
}
