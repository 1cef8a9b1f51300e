import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/Dialog";
import { PRODUCT_NAME } from "../../components/Logo";
import { useSiteInfo } from "./site-api";

type Notice = "terms" | "privacy" | null;

const linkClass =
  "flex min-h-11 items-center rounded-lg px-2 text-slate-300 outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-brand-300";

/**
 * The operator's support address and their Terms, Privacy and Contact pages (SUPPORT_EMAIL,
 * TERMS_URL, PRIVACY_URL, CONTACT_URL). What the operator did not set is left out, never shown as
 * a placeholder: Terms and Privacy then open the portal's own short notices, Contact writes to the
 * support address, and with neither there is no Contact link.
 */
export function LandingFooter() {
  const [notice, setNotice] = useState<Notice>(null);
  const site = useSiteInfo().data;
  const supportEmail = site?.supportEmail ?? null;
  const contactHref = site?.contactUrl ?? (supportEmail ? `mailto:${supportEmail}` : null);
  const pageLink = (label: string, url: string | null | undefined, fallback: Exclude<Notice, null>) =>
    url ? (
      <a href={url} className={linkClass}>
        {label}
      </a>
    ) : (
      <button type="button" className={linkClass} onClick={() => setNotice(fallback)}>
        {label}
      </button>
    );

  return (
    <footer className="bg-slate-900 px-4 py-10 text-slate-300 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-white">{PRODUCT_NAME}</p>
          {supportEmail ? (
            <p className="mt-1 text-sm">
              Support:{" "}
              <a href={`mailto:${supportEmail}`} className="underline underline-offset-2 hover:text-white">
                {supportEmail}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-label="Footer" className="-mx-2 flex flex-wrap gap-x-4">
          {pageLink("Terms", site?.termsUrl, "terms")}
          {pageLink("Privacy", site?.privacyUrl, "privacy")}
          {contactHref ? (
            <a href={contactHref} className={linkClass}>
              Contact
            </a>
          ) : null}
        </nav>
      </div>
      <p className="mx-auto mt-8 max-w-6xl text-sm text-slate-400">
        © {new Date().getFullYear()} {PRODUCT_NAME}. Self-hosted by your brokerage.
      </p>

      <ModalDialog
        title={notice === "privacy" ? "Privacy" : "Terms of use"}
        isOpen={notice !== null}
        onOpenChange={(open) => !open && setNotice(null)}
      >
        {(close) => (
          <>
            <p className="text-slate-600">
              {notice === "privacy"
                ? "This portal runs on your brokerage's own server. Documents you upload are stored there and are visible only to the broker who asked for them and to you."
                : "This portal is operated by your brokerage, which sets its terms of use. For questions, contact the brokerage."}
            </p>
            {supportEmail ? (
              <p className="mt-3 text-slate-600">
                Contact: <a className="text-brand-700 underline" href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </p>
            ) : null}
            <div className="mt-6 flex justify-end">
              <Button variant="secondary" onPress={close}>
                Close
              </Button>
            </div>
          </>
        )}
      </ModalDialog>
    </footer>
  );
}
