import { LogOut, User as UserIcon } from "lucide-react";
import { displayName, initials } from "@shared/user-display";
import type { AuthUser } from "../auth/api";
import { useSignOut } from "../auth/use-sign-out";
import { Button } from "../../components/ui/Button";
import { Menu, MenuItem, MenuTrigger } from "../../components/ui/Menu";

export function Avatar({ user, className = "size-10" }: { user: AuthUser; className?: string }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className={`${className} rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${className} flex items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800`}
    >
      {initials(user)}
    </span>
  );
}

/** Avatar button with who is signed in, Profile and Log out. */
export function UserMenu({ user }: { user: AuthUser }) {
  const { signOut } = useSignOut();
  const name = displayName(user);
  // WCAG 2.5.3: the name starts with what the button shows (the initials, unless a photo).
  const label = `${user.profileImageUrl ? "" : `${initials(user)}, `}Account menu for ${name}`;
  return (
    <MenuTrigger>
      <Button variant="ghost" size="icon" aria-label={label} className="rounded-full">
        <Avatar user={user} />
      </Button>
      <Menu
        aria-label="Account"
        header={
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{name}</p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
        }
        onAction={(key) => {
          if (key === "logout") signOut();
        }}
      >
        <MenuItem id="profile" href="/profile">
          <UserIcon aria-hidden="true" className="size-4 text-slate-500" />
          Profile
        </MenuItem>
        <MenuItem id="logout">
          <LogOut aria-hidden="true" className="size-4 text-slate-500" />
          Log out
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}
