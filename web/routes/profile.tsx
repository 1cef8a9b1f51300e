import { usePageTitle } from "../components/use-page-title";
import { Spinner } from "../components/ui/Spinner";
import { useCurrentUser } from "../features/auth/api";
import { AccountDetailsCard } from "../features/profile/AccountDetailsCard";
import { ContactBrandingCard } from "../features/profile/ContactBrandingCard";
import { ProfileInformationCard } from "../features/profile/ProfileInformationCard";
import { SubscriptionPlanCard } from "../features/profile/SubscriptionPlanCard";
import { TwoFactorCard } from "../features/profile/TwoFactorCard";
import { ReminderSettingsCard } from "../features/reminders/ReminderSettingsCard";

/** SPEC 2 "Profile (/profile)": who the broker is and which plan they are on. */
export function ProfileRoute() {
  usePageTitle("Profile");
  const { user, isLoading } = useCurrentUser();
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Profile</h1>
        <p className="mt-1 text-slate-600">Your account, how your customers reach you, and your subscription plan.</p>
      </header>
      {user ? (
        <div className="grid gap-6 md:grid-cols-2">
          <ProfileInformationCard user={user} />
          <AccountDetailsCard user={user} />
          <ContactBrandingCard />
          <ReminderSettingsCard />
          <SubscriptionPlanCard />
          <TwoFactorCard user={user} />
        </div>
      ) : isLoading ? (
        <Spinner label="Loading profile" className="w-full py-20" />
      ) : null}
    </section>
  );
}
