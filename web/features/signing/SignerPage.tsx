// The signing screen with its data: the request as this signer sees it (reading it marks it
// viewed), loading, and a link or request that cannot be opened, said in words, never a blank page.
// One chunk: loaded when "Sign" is opened in the portal, and the page of /sign/{token}.
import { CircleAlert, FileCheck2 } from "lucide-react";
import { useParams } from "react-router";
import { ApiError } from "../../api/client";
import { usePageTitle } from "../../components/use-page-title";
import { Button } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { useT } from "../../lib/i18n/use-t";
import { LanguageSwitcher } from "../portal/LanguageSwitcher";
import { useSignerView, type SignerSource } from "./api";
import { signingErrorText } from "./fault-text";
import { SigningScreen } from "./SigningScreen";

export default function SignerPage({ source }: { source: SignerSource }) {
  const t = useT();
  const query = useSignerView(source);
  if (query.data) return <SigningScreen source={source} view={query.data} />;
  if (query.isError) {
    const refused = query.error instanceof ApiError && query.error.status < 500;
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-6 text-center">
        <CircleAlert aria-hidden="true" className="size-8 text-slate-500" />
        <h2 className="text-xl font-semibold text-slate-900">{refused ? t("signing.cannotOpen") : t("signing.errorTitle")}</h2>
        <p className="text-slate-700">{refused ? signingErrorText(t, query.error) : t("signing.loadFailed")}</p>
        {refused ? null : (
          <Button variant="secondary" isPending={query.isFetching} onPress={() => void query.refetch()}>
            {t("signing.tryAgain")}
          </Button>
        )}
      </div>
    );
  }
  return <Spinner label={t("signing.loadingDocument")} className="w-full py-16" />;
}

/**
 * /sign/{token}: another signer's emailed link (issue 41). Public: the token is the whole
 * authorisation. Framed like the customer portal, without its account parts. In the language the
 * server wrote on the page (the request's customer's, web/routes.ts), with the portal's switcher;
 * a switch here is this page's only (this signer has no account or link to keep it on).
 */
export function SignRoute() {
  const t = useT();
  const { token = "" } = useParams();
  usePageTitle(t("signing.pageTitle"));
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:h-20 sm:px-6">
          <span aria-hidden="true" className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white sm:flex">
            <FileCheck2 className="size-5" />
          </span>
          <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900 sm:text-xl">{t("signing.documentToSign")}</h1>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-6 pb-36 sm:px-6 sm:pt-8">
        <SignerPage source={{ kind: "token", token }} />
      </main>
    </div>
  );
}
