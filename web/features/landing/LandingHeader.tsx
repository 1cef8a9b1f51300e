import { Menu as MenuIcon } from "lucide-react";
import { Logo } from "../../components/Logo";
import { Button, LinkButton } from "../../components/ui/Button";
import { Menu, MenuItem, MenuTrigger } from "../../components/ui/Menu";
import { SECTION_IDS } from "./content";
import { scrollToSection } from "./scroll";

const anchors = [
  { id: SECTION_IDS.delivers, label: "What it delivers" },
  { id: SECTION_IDS.why, label: "Why" },
  { id: SECTION_IDS.who, label: "Who it's for" },
] as const;

interface LandingHeaderProps {
  isSignedIn: boolean;
  onPricing: () => void;
  onSignIn: () => void;
  onSignUp: () => void;
}

export function LandingHeader({ isSignedIn, onPricing, onSignIn, onSignUp }: LandingHeaderProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-6">
      <div className="mx-auto flex h-20 max-w-6xl items-center gap-2">
        <Logo />

        <nav aria-label="Landing page" className="ml-6 hidden items-center gap-1 lg:flex">
          <Button variant="ghost" size="sm" onPress={onPricing}>
            Pricing
          </Button>
          {anchors.map((anchor) => (
            <a
              key={anchor.id}
              href={`#${anchor.id}`}
              className="flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {anchor.label}
            </a>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {isSignedIn ? (
            <LinkButton href="/dashboard" size="sm">
              {/* The short label keeps the header on one line at 360px. */}
              <span className="sm:hidden">Dashboard</span>
              <span className="hidden sm:inline">Broker Dashboard</span>
            </LinkButton>
          ) : (
            <>
              <Button variant="secondary" size="sm" onPress={onSignIn}>
                Broker Login
              </Button>
              <Button size="sm" onPress={onSignUp} className="max-sm:hidden">
                Try for Free
              </Button>
            </>
          )}
          <MenuTrigger>
            <Button variant="ghost" size="icon" aria-label="Open page menu" className="lg:hidden">
              <MenuIcon aria-hidden="true" className="size-6" />
            </Button>
            <Menu
              aria-label="Page sections"
              onAction={(key) => {
                if (key === "pricing") onPricing();
                else if (key === "try") onSignUp();
                else scrollToSection(String(key));
              }}
            >
              <MenuItem id="pricing">Pricing</MenuItem>
              {anchors.map((anchor) => (
                <MenuItem key={anchor.id} id={anchor.id}>
                  {anchor.label}
                </MenuItem>
              ))}
              {isSignedIn ? null : (
                <MenuItem id="try" className="sm:hidden">
                  Try for Free
                </MenuItem>
              )}
            </Menu>
          </MenuTrigger>
        </div>
      </div>
    </header>
  );
}
