// The portal's messages in React: `const t = useT(); t("portal.uploadSuccessful")`. Suspends
// until the first catalog is there (App.tsx preloads it with the screen, so normally it is).
import { use, useSyncExternalStore } from "react";
import { activateLanguage, activeLanguage, subscribeLanguage, type Translate } from "./store";

function useActive() {
  const active = useSyncExternalStore(subscribeLanguage, activeLanguage);
  return active ?? use(activateLanguage());
}

export function useT(): Translate {
  return useActive().t;
}

/** The page's language and a way to switch. */
export function useLanguage() {
  const { language } = useActive();
  return { language, setLanguage: activateLanguage };
}
