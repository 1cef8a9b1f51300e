import { RouterProvider } from "react-aria-components";
import { Route, Routes, useHref, useNavigate } from "react-router";
import { BrokerArea } from "./components/BrokerArea";
import { CustomerDetailRoute } from "./routes/customer-detail";
import { CustomersRoute } from "./routes/customers";
import { DashboardRoute } from "./routes/dashboard";
import { LandingRoute } from "./routes/landing";
import { NotFoundRoute } from "./routes/not-found";
import { ProfileRoute } from "./routes/profile";
import { UploadPortalRoute } from "./routes/upload-portal";

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
        <Route path="/" element={<LandingRoute />} />
        <Route element={<BrokerArea />}>
          <Route path="/dashboard" element={<DashboardRoute />} />
          <Route path="/customers" element={<CustomersRoute />} />
          <Route path="/customer/:id" element={<CustomerDetailRoute />} />
          <Route path="/profile" element={<ProfileRoute />} />
        </Route>
        <Route path="/upload" element={<UploadPortalRoute />} />
        <Route path="/upload/:uploadLink" element={<UploadPortalRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </RouterProvider>
  );
}
