// The whole-page states of the portal: no link, loading, and a link that cannot be opened.
import type { ReactNode } from "react";
import { CircleAlert, LinkIcon } from "lucide-react";
import { ApiError, errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { portalMessages } from "@shared/validation";

export const INVALID_LINK_MESSAGE = portalMessages.invalidLink;

function StatePage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <div aria-hidden="true" className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 [&_svg]:size-6">
          {icon}
        </div>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** /upload without a link. */
export function InvalidAccess() {
  return (
    <StatePage icon={<LinkIcon className="text-brand-600" />} title="Invalid access">
      <p className="mt-2 text-slate-600">Please use the invitation link sent to your email</p>
    </StatePage>
  );
}

/** Shown until the portal has loaded; says "Checking your session" when a session is expected. */
export function PortalLoading({ text }: { text: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-slate-50 p-4">
      <Spinner label={text} />
      <p aria-hidden="true" className="text-slate-600">
        {text}
      </p>
    </main>
  );
}

/** 404: the link is unknown. Anything else (server down, no connection) can be tried again. */
export function PortalError({ error, onRetry, isRetrying }: { error: Error; onRetry: () => void; isRetrying: boolean }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <StatePage icon={<LinkIcon className="text-slate-500" />} title="Link not valid">
        <p className="mt-2 text-slate-600">{INVALID_LINK_MESSAGE}</p>
        <p className="mt-2 text-sm text-slate-500">Please use the latest invitation link sent to your email, or ask your broker for a new one.</p>
      </StatePage>
    );
  }
  // A failure that never reached the server reads "Failed to fetch": say what it means instead.
  const message = errorText(error, "We could not reach the portal. Please check your internet connection.");
  return (
    <StatePage icon={<CircleAlert className="text-red-600" />} title="Something went wrong">
      <p role="alert" className="mt-2 text-slate-600">
        {message}
      </p>
      <Button className="mt-6 w-full sm:w-auto" onPress={onRetry} isPending={isRetrying}>
        {isRetrying ? "Trying again..." : "Try Again"}
      </Button>
    </StatePage>
  );
}
