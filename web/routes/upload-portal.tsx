import { LinkIcon } from "lucide-react";
import { useParams } from "react-router";
import { usePageTitle } from "../components/use-page-title";

/** The customer's portal, reached only through the personal link in an invitation. */
export function UploadPortalRoute() {
  const { uploadLink } = useParams();
  usePageTitle(uploadLink ? "Customer Dashboard" : "Invalid access");
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <LinkIcon aria-hidden="true" className="mx-auto size-10 text-brand-600" />
        {uploadLink ? (
          <>
            <h1 className="mt-4 text-2xl font-semibold">Customer Dashboard</h1>
            <p className="mt-2 text-slate-600">The document upload portal is coming soon in this build.</p>
          </>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-semibold">Invalid access</h1>
            <p className="mt-2 text-slate-600">Please use the invitation link sent to your email</p>
          </>
        )}
      </div>
    </main>
  );
}
