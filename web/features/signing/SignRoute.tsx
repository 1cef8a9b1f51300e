// /sign/{token}'s page: another signer's frame around the signing screen (SignerPage.tsx), a module
// of its own so the portal's "Sign" (which opens SignerPage) never reaches the portal route below.
import { lazy, Suspense } from "react";
import { FileCheck2 } from "lucide-react";
import { useParams } from "react-router";
import { usePageTitle } from "../../components/use-page-title";
import { useT } from "../../lib/i18n/use-t";
import SignerPage from "./SignerPage";

/**
 * The portal header's language switcher, from the portal route's chunk (which holds it): imported
 * here statically it would become a chunk of its own, shared, and split the portal's first load
 * differently (220 to 670 bytes more, measured). It appears a moment after the page.
 */
const LanguageSwitcher = lazy(() => import("../../routes/upload-portal").then((m) => ({ default: m.LanguageSwitcher })));

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
          <Suspense fallback={null}>
            <LanguageSwitcher />
          </Suspense>
        </div>
      </header>
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-6 pb-36 sm:px-6 sm:pt-8">
        <SignerPage source={{ kind: "token", token }} />
      </main>
    </div>
  );
}
