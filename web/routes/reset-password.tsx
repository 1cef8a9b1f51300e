import { usePageTitle } from "../components/use-page-title";
import { ResetPasswordScreen } from "../features/auth/ResetPasswordScreen";

/** A broker's emailed reset link: public, since the broker cannot sign in. */
export function ResetPasswordRoute() {
  usePageTitle("Reset password");
  return <ResetPasswordScreen />;
}
