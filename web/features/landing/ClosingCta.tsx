import { Button, LinkButton } from "../../components/ui/Button";

export function ClosingCta({ isSignedIn, onTryForFree }: { isSignedIn: boolean; onTryForFree: () => void }) {
  return (
    <section aria-labelledby="cta-heading" className="bg-white px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-3xl rounded-2xl bg-slate-900 px-6 py-12 text-center text-white sm:px-12">
        <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
          Ready to stop chasing paperwork?
        </h2>
        <p className="mt-3 text-lg text-slate-300">
          Send your first upload link in minutes and see every document arrive in one place.
        </p>
        <div className="mt-8 flex justify-center">
          {isSignedIn ? (
            <LinkButton href="/dashboard">Go to your dashboard</LinkButton>
          ) : (
            <Button onPress={onTryForFree}>Try for Free</Button>
          )}
        </div>
      </div>
    </section>
  );
}
