import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { KeyRound, X } from "lucide-react";
import { buttonClass, Button } from "../../components/ui/Button";
import { SSO_ERROR_PARAM, ssoErrorMessage } from "@shared/oidc";
import { OIDC_START_PATH, useOidcSettings } from "./sign-in-options-api";

/** "Sign in with <provider>": a full page load to the provider (its pages are not ours). */
export function SsoSignInButton({ providerName }: { providerName: string }) {
  return (
    <a href={OIDC_START_PATH} className={buttonClass("secondary", "md", "w-full")}>
      <KeyRound aria-hidden="true" className="size-5" />
      Sign in with {providerName}
    </a>
  );
}

/** Between the provider's button and the password form. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-500" role="separator" aria-label="or">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

/**
 * A provider sign-in that failed comes back to the landing page as /?sso_error=<code>: say why,
 * once, and drop the code from the address so a reload does not say it again.
 */
export function SsoErrorNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [code, setCode] = useState<string | null>(() => new URLSearchParams(location.search).get(SSO_ERROR_PARAM));
  const settings = useOidcSettings({ enabled: code !== null });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(SSO_ERROR_PARAM)) return;
    setCode(params.get(SSO_ERROR_PARAM));
    params.delete(SSO_ERROR_PARAM);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true });
  }, [location.search, location.pathname, location.hash, navigate]);

  const message = ssoErrorMessage(code, settings.data?.providerName ?? "Your sign-in provider");
  if (!message) return null;
  return (
    // Fixed under the landing page's fixed header, so it is seen wherever the page starts.
    <div role="alert" className="fixed inset-x-4 top-24 z-30 mx-auto flex max-w-2xl items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 shadow-lg">
      <p className="flex-1">
        <span className="font-semibold">Sign-in failed.</span> {message}
      </p>
      <Button variant="ghost" size="icon" aria-label="Dismiss" onPress={() => setCode(null)} className="-my-2 -mr-2">
        <X aria-hidden="true" className="size-5" />
      </Button>
    </div>
  );
}
