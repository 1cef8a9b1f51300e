// React.lazy keeps a failed load for good: a dialog whose chunk could not be fetched while the
// server was unreachable would fail again on every later try, even once the server is back. This
// lazy says the server could not be reached (the banner then shows until /healthz answers; see
// api/connection.ts), lets the failure reach the error boundary ("Try again"), and once the server
// answers again loads afresh. Never at once: a new load on every render while the server is down
// would retry in a tight loop. Use it for every chunk loaded later.
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from "react";
import { isDown, reportUnreachable } from "../api/connection";

export function lazyRetrying<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): ComponentType<Props> {
  let failed = false;
  const fresh = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed = true;
        reportUnreachable();
        throw error;
      }),
    );
  let current = fresh();
  return (props: Props) => {
    if (failed && !isDown()) {
      failed = false;
      current = fresh();
    }
    return createElement(current as ComponentType<Props>, props);
  };
}
