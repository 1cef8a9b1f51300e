import { createElement, Suspense, type ComponentType, type ReactNode } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { RouterProvider } from "react-aria-components";
import { Route, Routes, useHref, useLocation, useNavigate } from "react-router";
import { FullPageSpinner, Spinner } from "./components/ui/Spinner";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { lazyRetrying } from "./lib/lazy-retrying";

/**
 * A screen loaded on first visit (its own chunk). Customers on /upload/... never download the
 * broker screens or the landing page, and brokers never download the portal.
 * Once `preload` has loaded it, the screen renders at once instead of suspending (see preloadRoute).
 */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded = (await load())[name];
  };
  // Loaded afresh after a failure (lazy-retrying.ts), so "Try again" on the error screen loads it.
  const Lazy = lazyRetrying(async () => {
    await preload();
    return { default: loaded! };
  });
  return Object.assign(() => (loaded ? createElement(loaded) : <Lazy />), { preload });
}

const LandingRoute = lazyScreen(() => import("./routes/landing"), "LandingRoute");
const BrokerArea = lazyScreen(() => import("./features/broker-shell/BrokerArea"), "BrokerArea");
const DashboardRoute = lazyScreen(() => import("./routes/dashboard"), "DashboardRoute");
const CustomersRoute = lazyScreen(() => import("./routes/customers"), "CustomersRoute");
const CustomerDetailRoute = lazyScreen(() => import("./routes/customer-detail"), "CustomerDetailRoute");
const ProfileRoute = lazyScreen(() => import("./routes/profile"), "ProfileRoute");
const ResetPasswordRoute = lazyScreen(() => import("./routes/reset-password"), "ResetPasswordRoute");
const JoinRoute = lazyScreen(() => import("./routes/join"), "JoinRoute");
const NotificationsRoute = lazyScreen(() => import("./routes/notifications"), "NotificationsRoute");
const TemplatesRoute = lazyScreen(() => import("./routes/templates"), "TemplatesRoute");
// The Team screen rides in All Customers' chunk. As a chunk of its own it changed which screens
// share which modules, and the build's folding of small shared chunks (minChunkSize,
// scripts/build-web.ts) then moved broker-only code (src/shared/loan-types.ts) into a chunk the
// customer portal loads first: 300 bytes over its 150 KB budget. Here it adds no new split.
const TeamRoute = lazyScreen(() => import("./routes/customers"), "TeamRoute");
// Integrations rides there too, for the same reason.
const IntegrationsRoute = lazyScreen(() => import("./routes/customers"), "IntegrationsRoute");
const UploadPortalRoute = lazyScreen(() => import("./routes/upload-portal"), "UploadPortalRoute");
// In the signing screen's chunk, the one the portal's "Sign" loads: a chunk of its own for the
// route split the portal's first-load chunks differently, over its 150 KB budget.
// Its words are in the catalog's later part, which comes with it.
const SignRoute = lazyScreen(async () => (await import("./lib/i18n/store")).withLaterMessages(() => import("./features/signing/SignRoute"))(), "SignRoute");
// A mistyped address is rare; its page is off every first load.
const NotFoundRoute = lazyScreen(() => import("./routes/not-found"), "NotFoundRoute");

const BROKER_SCREENS: Record<string, { preload(): Promise<void> }> = {
  dashboard: DashboardRoute,
  customers: CustomersRoute,
  customer: CustomerDetailRoute,
  profile: ProfileRoute,
  notifications: NotificationsRoute,
  templates: TemplatesRoute,
  team: TeamRoute,
  integrations: IntegrationsRoute,
};

/**
 * Loads what the screen at `pathname` first renders: its modules (which its page has preloaded,
 * see scripts/build-web.ts) and, for a broker screen, who is signed in (also preloaded). main.tsx
 * renders once this settles, so the screen appears in one render: each lazy boundary that
 * suspended would show its fallback first and, as React paces them, its content at the earliest
 * 300 ms later (issue 14: LCP of /dashboard on a phone).
 */
export function preloadRoute(pathname: string, queryClient: QueryClient): Promise<unknown> {
  const [first = ""] = pathname.split("/").filter(Boolean);
  // The portal and another signer's page speak the customer's language: its catalog (a chunk of its own) loads with them.
  if (first === "upload" || first === "sign") return Promise.all([(first === "sign" ? SignRoute : UploadPortalRoute).preload(), import("./lib/i18n/store").then((i18n) => i18n.activateLanguage())]);
  const screen = BROKER_SCREENS[first];
  if (!screen) return Promise.resolve();
  // From the broker area's chunk (preloaded): a module of its own would be one more round trip.
  const session = import("./features/broker-shell/BrokerArea").then(({ prefetchSession }) => prefetchSession(queryClient));
  return Promise.all([BrokerArea.preload(), screen.preload(), session]);
}

// The landing page and the broker area both start by checking the session, so their loading
// state says so from the first frame instead of switching from one spinner to another.
const sessionFallback = <FullPageSpinner label="Checking your session" />;

/** A broker screen inside the admin shell: the header and navigation stay while it loads. */
function Screen({ children }: { children: ReactNode }) {
  // Keyed by the path: a screen that failed must not keep its error page on the next screen
  // (react-router reuses this boundary from one route to the next).
  return (
    <ErrorBoundary inShell key={useLocation().pathname}>
      <Suspense fallback={<Spinner label="Loading page" className="w-full py-20" />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * Every screen of SPEC section 2. Must sit inside a react-router Router
 * (BrowserRouter in the app, MemoryRouter in tests).
 */
export function App() {
  const navigate = useNavigate();
  return (
    // Lets react-aria links and menu items (href) navigate client-side.
    <RouterProvider navigate={(to) => navigate(to)} useHref={useHref}>
      <Routes>
        <Route
          path="/"
          element={
            <Suspense fallback={sessionFallback}>
              <LandingRoute />
            </Suspense>
          }
        />
        <Route
          element={
            <Suspense fallback={sessionFallback}>
              <BrokerArea />
            </Suspense>
          }
        >
          <Route path="/dashboard" element={<Screen><DashboardRoute /></Screen>} />
          <Route path="/customers" element={<Screen><CustomersRoute /></Screen>} />
          <Route path="/customer/:id" element={<Screen><CustomerDetailRoute /></Screen>} />
          {/* SPEC: a missing id says "Customer not found" rather than the 404 page. */}
          <Route path="/customer" element={<Screen><CustomerDetailRoute /></Screen>} />
          <Route path="/profile" element={<Screen><ProfileRoute /></Screen>} />
          <Route path="/notifications" element={<Screen><NotificationsRoute /></Screen>} />
          <Route path="/templates" element={<Screen><TemplatesRoute /></Screen>} />
          <Route path="/team" element={<Screen><TeamRoute /></Screen>} />
          <Route path="/integrations" element={<Screen><IntegrationsRoute /></Screen>} />
        </Route>
        <Route path="/reset-password" element={<Suspense fallback={<FullPageSpinner label="Loading" />}><ResetPasswordRoute /></Suspense>} />
        <Route path="/join/:token" element={<Suspense fallback={<FullPageSpinner label="Loading" />}><JoinRoute /></Suspense>} />
        <Route path="/sign/:token" element={<Suspense fallback={<FullPageSpinner label="Loading" />}><SignRoute /></Suspense>} />
        <Route path="/upload" element={<PortalScreen />} />
        <Route path="/upload/:uploadLink" element={<PortalScreen />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </RouterProvider>
  );
}

function PortalScreen() {
  return (
    <Suspense fallback={<FullPageSpinner label="Loading" />}>
      <UploadPortalRoute />
    </Suspense>
  );
}
