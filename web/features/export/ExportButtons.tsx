import { useState } from "react";
import { FolderDown } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { ExportDialog } from "./ExportDialog";

/** On a customer's page: their documents as one ZIP. */
export function ExportCustomerButton({ customerId, name, className }: { customerId: string; name: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onPress={() => setOpen(true)}>
        <FolderDown aria-hidden="true" className="size-5" />
        Export Documents
      </Button>
      {/* Mounted while open: the saved pattern is fetched only when someone exports. */}
      {open ? <ExportDialog target={{ kind: "one", customerId, name }} isOpen onOpenChange={setOpen} /> : null}
    </>
  );
}

/** On All Customers: tick customers, get one ZIP with a folder each. */
export function ExportCustomersButton({ isDisabled }: { isDisabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)} isDisabled={isDisabled}>
        <FolderDown aria-hidden="true" className="size-5" />
        Export
      </Button>
      {/* Mounted while open: its picker asks the server for customers only then, a page at a time. */}
      {open ? <ExportDialog target={{ kind: "many" }} isOpen onOpenChange={setOpen} /> : null}
    </>
  );
}
