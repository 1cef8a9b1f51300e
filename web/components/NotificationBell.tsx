import { Bell } from "lucide-react";
import { Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import { Button } from "./ui/Button";

// Placeholder until the notifications issue: the bell and its panel exist so
// the header layout is final, but there is no data yet.
export function NotificationBell() {
  return (
    <DialogTrigger>
      <Button variant="ghost" size="icon" aria-label="Notifications">
        <Bell aria-hidden="true" className="size-5" />
      </Button>
      <Popover
        placement="bottom end"
        offset={6}
        className="w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white shadow-lg outline-none"
      >
        <Dialog className="max-h-96 overflow-y-auto outline-none">
          <Heading slot="title" className="border-b border-slate-200 px-4 py-3 font-semibold">
            Notifications
          </Heading>
          <p className="px-4 py-8 text-center text-sm text-slate-500">No notifications yet</p>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
