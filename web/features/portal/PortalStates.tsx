// The whole-page states of the portal: no link, loading, and a link that cannot be opened.
import type { ReactNode } from "react";
import { CircleAlert, LinkIcon } from "lucide-react";
import { ApiError } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { useT } from "../../lib/i18n/use-t";
import { useErrorText } from "./error-text";

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
  const t = useT();
  return (
    <StatePage icon={<LinkIcon className="text-brand-600" />} title={t("portal.invalidAccessTitle")}>
      <p className="mt-2 text-slate-600">{t("portal.invalidAccess")}</p>
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
  const t = useT();
  const errorText = useErrorText();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <StatePage icon={<LinkIcon className="text-slate-500" />} title={t("portal.linkNotValidTitle")}>
        <p className="mt-2 text-slate-600">{t("portal.invalidLink")}</p>
        <p className="mt-2 text-sm text-slate-500">{t("portal.latestLinkHint")}</p>
      </StatePage>
    );
  }
  // A failure that never reached the server reads "Failed to fetch": say what it means instead.
  const message = errorText(error, t("portal.unreachable"));
  return (
    <StatePage icon={<CircleAlert className="text-red-600" />} title={t("portal.errorTitle")}>
      <p role="alert" className="mt-2 text-slate-600">
        {message}
      </p>
      <Button className="mt-6 w-full sm:w-auto" onPress={onRetry} isPending={isRetrying}>
        {t(isRetrying ? "portal.tryingAgain" : "portal.tryAgain")}
      </Button>
    </StatePage>
  );
}
