import { useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import { ArrowRightLeft } from "lucide-react";
import { displayName } from "@shared/user-display";
import { ErrorNote } from "../../components/ErrorNote";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Select } from "../../components/ui/Select";
import { toast } from "../../components/ui/Toast";
import { useMembersQuery, useReassignCustomersMutation } from "./api";
import { customersCount, memberOptions, teamMessages } from "./team-texts";

/** The owner hands one member's whole pipeline to another (a holiday, someone leaving): POST /api/customers/reassign. */
export function HandoverCard({ myId }: { myId: string }) {
  const members = useMembersQuery();
  const reassign = useReassignCustomersMutation();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const list = members.data ?? [];
  const options = memberOptions(list, myId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      from: from ? undefined : teamMessages.chooseFrom,
      to: !to ? teamMessages.chooseTo : to === from ? teamMessages.sameMember : undefined,
    };
    setErrors(found);
    if (found.from || found.to || !from || !to) return;
    const name = (id: string) => displayName(list.find((m) => m.id === id));
    reassign.mutate(
      { fromMemberId: from, toMemberId: to },
      { onSuccess: ({ moved }) => toast({ title: "Customers reassigned", description: `${customersCount(moved)} moved from ${name(from)} to ${name(to)}.`, variant: "success" }) },
    );
  };

  if (members.data && list.length < 2) {
    return (
      <Card title="Hand over customers" icon={<ArrowRightLeft />}>
        <p className="text-slate-600">Once someone has joined, every customer of one member can be handed to another here, for a holiday or when someone leaves.</p>
      </Card>
    );
  }
  return (
    <Card title="Hand over customers" icon={<ArrowRightLeft />}>
      <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
        <p className="text-slate-600">Moves every customer assigned to one member to another, for a holiday or when someone leaves.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Reassign all customers from"
            placeholder="Choose a member"
            selectedKey={from}
            options={options}
            onSelectionChange={(id) => {
              setFrom(id);
              setErrors({});
            }}
            errorMessage={errors.from}
          />
          <Select
            label="To"
            placeholder="Choose a member"
            selectedKey={to}
            options={options}
            onSelectionChange={(id) => {
              setTo(id);
              setErrors({});
            }}
            errorMessage={errors.to}
          />
        </div>
        <ErrorNote error={reassign.error} fallback="The customers could not be reassigned. Please try again." />
        <Button type="submit" isPending={reassign.isPending} className="self-start">
          {reassign.isPending ? "Reassigning..." : "Reassign all customers"}
        </Button>
      </Form>
    </Card>
  );
}
