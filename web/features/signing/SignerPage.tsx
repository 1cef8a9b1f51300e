// The signing screen with its data: the request as this signer sees it (reading it marks it
// viewed), loading, and a link or request that cannot be opened, said in words, never a blank page.
// One chunk: loaded when "Sign" is opened in the portal, and by /sign/{token}'s page (SignRoute.tsx).
import { CircleAlert } from "lucide-react";
import { ApiError } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Spinner";
import { useT } from "../../lib/i18n/use-t";
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
