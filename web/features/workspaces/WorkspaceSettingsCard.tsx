import { useState, type FormEvent, type KeyboardEvent } from "react";
import { Form } from "react-aria-components";
import { Building2, X } from "lucide-react";
import { MAX_NAME_LENGTH } from "@shared/validation";
import { claimedDomainProblem, normalizeDomain } from "@shared/claimed-domains";
import { workspaceMessages, type WorkspaceRole, type WorkspaceVisibility } from "@shared/workspaces";
import { errorText } from "../../api/client";
import { ErrorNote } from "../../components/ErrorNote";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Select } from "../../components/ui/Select";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { useUpdateWorkspaceMutation, useWorkspaceQuery, type Workspace } from "./api";
import { notYoursToChange, roleOptions, roleSummaries } from "./roles";

// Single sign-on makes brokers or assistants, never owners (the server refuses "owner").
const newcomerRoles = roleOptions.filter((option) => option.id !== "owner");
import { teamMessages } from "./team-texts";
import { languageKey, languageOptions, languageValue } from "../customers/language-choice";

const visibilityOptions: { id: WorkspaceVisibility; label: string }[] = [
  { id: "all", label: "All customers" },
  { id: "assigned", label: "Assigned only" },
];
const visibilityMeaning: Record<WorkspaceVisibility, string> = {
  all: "Every member sees and works all of the workspace's customers.",
  assigned: "Brokers and assistants see only the customers assigned to them; owners see all.",
};

/**
 * The workspace's settings: its name, who sees which customers, the email domains whose single
 * sign-on joins this workspace and the role such a newcomer gets. The owner changes them; a
 * broker reads them, the fields disabled with the reason.
 */
export function WorkspaceSettingsCard({ isOwner }: { isOwner: boolean }) {
  const workspace = useWorkspaceQuery();
  return (
    <Card title="Workspace settings" icon={<Building2 />}>
      {workspace.isPending ? (
        <Spinner label="Loading workspace settings" className="w-full py-8" />
      ) : workspace.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(workspace.error, "The workspace settings could not be loaded. Please try again.")}
        </p>
      ) : (
        // Keyed by what was saved: a save (or another owner's, fetched on opening) starts the form afresh.
        <SettingsForm key={JSON.stringify(workspace.data)} saved={workspace.data} isOwner={isOwner} />
      )}
    </Card>
  );
}

function SettingsForm({ saved, isOwner }: { saved: Workspace; isOwner: boolean }) {
  const update = useUpdateWorkspaceMutation();
  const [name, setName] = useState(saved.name);
  const [visibility, setVisibility] = useState(saved.visibility);
  const [domains, setDomains] = useState(saved.claimedDomains);
  const [draft, setDraft] = useState("");
  const [defaultRole, setDefaultRole] = useState<WorkspaceRole>(saved.defaultRole);
  const [defaultLanguage, setDefaultLanguage] = useState(languageKey(saved.defaultLanguage));
  const [errors, setErrors] = useState<{ name?: string; domain?: string }>({});
  const disabled = !isOwner;

  /** The draft domain checked: the list with it added, or the reason it cannot be. */
  const withDraft = (): { list: string[]; problem?: string } => {
    const domain = normalizeDomain(draft);
    if (!domain) return { list: domains };
    const refused = claimedDomainProblem(domain);
    if (refused) return { list: domains, problem: refused };
    if (domains.includes(domain)) return { list: domains, problem: teamMessages.domainTaken };
    return { list: [...domains, domain] };
  };
  const addDomain = () => {
    const { list, problem } = withDraft();
    setErrors((e) => ({ ...e, domain: problem }));
    if (problem) return;
    setDomains(list);
    setDraft("");
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A domain typed but not added yet is meant to be saved with the rest.
    const { list, problem } = withDraft();
    const found = { name: name.trim() ? undefined : workspaceMessages.nameRequired, domain: problem };
    setErrors(found);
    if (found.name || found.domain) return;
    update.mutate(
      { name: name.trim(), visibility, claimedDomains: list, defaultRole, defaultLanguage: languageValue(defaultLanguage) },
      { onSuccess: () => toast({ title: "Workspace settings saved", variant: "success" }) },
    );
  };

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-5">
      {disabled ? (
        <p role="note" className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {notYoursToChange.settings}
        </p>
      ) : null}
      <TextField
        label="Workspace name"
        isRequired
        isDisabled={disabled}
        maxLength={MAX_NAME_LENGTH}
        value={name}
        onChange={(value) => {
          setName(value);
          setErrors((e) => ({ ...e, name: undefined }));
        }}
        errorMessage={errors.name}
      />
      <Select
        label="Who sees which customers"
        isDisabled={disabled}
        selectedKey={visibility}
        options={visibilityOptions}
        onSelectionChange={setVisibility}
        description={visibilityMeaning[visibility]}
      />
      <Select
        label="Customers' language"
        isDisabled={disabled}
        selectedKey={defaultLanguage}
        options={languageOptions("Not set (each customer's browser decides; English otherwise)")}
        onSelectionChange={setDefaultLanguage}
        description="New customers get this language unless you pick another when adding them; each customer can switch in their portal."
      />
      <fieldset className="flex flex-col gap-3" disabled={disabled}>
        <legend className="text-sm font-medium text-slate-800">Email domains for single sign-on</legend>
        <p className="text-sm text-slate-500">Someone from one of these domains who signs in with single sign-on for the first time joins this workspace.</p>
        {domains.length === 0 ? (
          <p className="text-sm text-slate-600">No domains claimed.</p>
        ) : (
          <ul aria-label="Claimed domains" className="flex flex-wrap gap-2">
            {domains.map((domain) => (
              <li key={domain} className="flex items-center gap-1 rounded-full border border-slate-200 bg-slate-50 py-0.5 pr-0.5 pl-3 text-sm text-slate-800">
                <span className="break-all">{domain}</span>
                {disabled ? null : (
                  <Button variant="ghost" size="icon" aria-label={`Remove ${domain}`} onPress={() => setDomains(domains.filter((d) => d !== domain))}>
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {disabled ? null : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <TextField
              label="Add a domain"
              placeholder="example.com"
              className="sm:flex-1"
              value={draft}
              onChange={(value) => {
                setDraft(value);
                setErrors((e) => ({ ...e, domain: undefined }));
              }}
              // Enter adds the domain rather than saving the whole form.
              onKeyDown={(event: KeyboardEvent) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  addDomain();
                }
              }}
              errorMessage={errors.domain}
            />
            <Button variant="secondary" onPress={addDomain} className="sm:mt-7">
              Add domain
            </Button>
          </div>
        )}
      </fieldset>
      <Select
        label="Role for single sign-on newcomers"
        isDisabled={disabled}
        selectedKey={defaultRole}
        options={newcomerRoles}
        onSelectionChange={setDefaultRole}
        description={roleSummaries[defaultRole]}
      />
      {disabled ? null : (
        <>
          <ErrorNote error={update.error} fallback="The settings could not be saved. Please try again." />
          <Button type="submit" isPending={update.isPending} className="self-start">
            {update.isPending ? "Saving..." : "Save settings"}
          </Button>
        </>
      )}
    </Form>
  );
}
