import { CircleAlert } from "lucide-react";
import { LinkButton } from "../components/ui/Button";
import { usePageTitle } from "../components/use-page-title";

export function NotFoundRoute() {
  usePageTitle("404 Page Not Found");
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-red-500" />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-slate-600">Did you forget to add the page to the router?</p>
        <LinkButton href="/" variant="secondary" className="mt-6">
          Go to the home page
        </LinkButton>
      </div>
    </main>
  );
}
