// The workspace's branding on the Profile page: its company name, accent colour and logo, which
// every customer of the workspace sees in their portal and emails. Owners edit them; any other
// member sees them read-only with who may change them (ROLES_THAT_MAY.changeBranding; the server
// refuses the same with 403).
import { useEffect, useState, type FormEvent } from "react";
import { FileTrigger, Form } from "react-aria-components";
import type { BrokerProfileDto, UpdateProfileInput } from "@shared/api-types";
import { ACCENT_COLOR_PATTERN, brandingMessages, LOGO_MAX_BYTES, LOGO_TYPES, readableTextOn } from "@shared/branding";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { ErrorNote } from "../../components/ErrorNote";
import { useRemoveLogo, useUpdateProfile, useUploadLogo } from "./account-api";

const DEFAULT_ACCENT = "#2563eb";

export function WorkspaceBrandingSection({ profile }: { profile: BrokerProfileDto }) {
  return (
    <section aria-labelledby="branding-heading" className="flex flex-col gap-4 border-t border-slate-200 pt-4">
      <h3 id="branding-heading" className="font-semibold text-slate-900">
        Workspace branding
      </h3>
      <p className="text-sm text-slate-600">Every customer of your workspace sees this logo, accent colour and company name in their portal and emails.</p>
      {profile.canEditBranding ? (
        <>
          <BrandingForm profile={profile} />
          <LogoSection profile={profile} />
        </>
      ) : (
        <ReadOnlyBranding profile={profile} />
      )}
    </section>
  );
}

/** "Only the workspace's owner, Olive Owner, can change …" (owners joined with commas and "and"). */
function whoMayChange(owners: string[]): string {
  if (owners.length === 0) return "Only the workspace's owner can change the branding.";
  const names = owners.length === 1 ? owners[0] : `${owners.slice(0, -1).join(", ")} and ${owners.at(-1)}`;
  return `Only the workspace's ${owners.length === 1 ? "owner" : "owners"}, ${names}, can change the branding.`;
}

function ReadOnlyBranding({ profile }: { profile: BrokerProfileDto }) {
  const accent = profile.accentColor ?? DEFAULT_ACCENT;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Company</dt>
          <dd className="font-medium break-words text-slate-900">{profile.company ?? "Not set"}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Accent colour</dt>
          <dd className="flex items-center gap-2 font-medium text-slate-900">
            <span aria-hidden="true" className="inline-block size-5 rounded border border-slate-300" style={{ background: accent }} />
            {profile.accentColor ?? "Default"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Logo</dt>
          <dd>
            {profile.logoUrl ? (
              <img src={profile.logoUrl} alt="Your workspace's logo" className="max-h-12 max-w-40 rounded border border-slate-200 bg-white object-contain p-1" />
            ) : (
              <span className="font-medium text-slate-900">No logo</span>
            )}
          </dd>
        </div>
      </dl>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{whoMayChange(profile.brandingOwners)}</p>
    </div>
  );
}

type Values = Record<"company" | "accentColor", string>;
const valuesOf = (p: BrokerProfileDto): Values => ({ company: p.company ?? "", accentColor: p.accentColor ?? "" });

function BrandingForm({ profile }: { profile: BrokerProfileDto }) {
  const [values, setValues] = useState(() => valuesOf(profile));
  const [colorError, setColorError] = useState<string>();
  const update = useUpdateProfile();
  useEffect(() => setValues(valuesOf(profile)), [profile]);

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === "accentColor") setColorError(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser checks what the server checks (src/shared/branding.ts).
    if (values.accentColor.trim() && !ACCENT_COLOR_PATTERN.test(values.accentColor.trim())) return setColorError(brandingMessages.accentColor);
    const input: UpdateProfileInput = { company: values.company.trim() || null, accentColor: values.accentColor.trim() || null };
    update.mutate(input, { onSuccess: () => toast({ title: "Branding saved", variant: "success" }) });
  };

  const accent = ACCENT_COLOR_PATTERN.test(values.accentColor) ? values.accentColor : null;
  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" aria-label="Workspace branding" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Company" autoComplete="organization" value={values.company} onChange={set("company")} />
        <div className="flex items-start gap-2">
          <TextField
            label="Accent colour"
            placeholder="#1d4ed8"
            description="A hex colour for buttons and headings"
            className="min-w-0 flex-1"
            value={values.accentColor}
            onChange={set("accentColor")}
            errorMessage={colorError}
          />
          <label className="mt-7 flex flex-col items-center">
            <span className="sr-only">Pick the accent colour</span>
            <input
              type="color"
              value={accent ?? DEFAULT_ACCENT}
              onChange={(event) => set("accentColor")(event.target.value)}
              className="size-11 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
            />
          </label>
        </div>
      </div>
      <ErrorNote error={update.error} fallback="The branding could not be saved. Please try again." />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span
          aria-hidden="true"
          className="rounded-lg px-4 py-2 text-sm font-medium"
          style={{ background: accent ?? DEFAULT_ACCENT, color: readableTextOn(accent ?? DEFAULT_ACCENT) }}
        >
          {values.company.trim() || "Your customers' buttons"}
        </span>
        <Button type="submit" isPending={update.isPending}>
          {update.isPending ? "Saving..." : "Save branding"}
        </Button>
      </div>
    </Form>
  );
}

function LogoSection({ profile }: { profile: BrokerProfileDto }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [problem, setProblem] = useState<string>();

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem(brandingMessages.logoType);
    if (file.size > LOGO_MAX_BYTES) return setProblem(`The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`);
    setProblem(undefined);
    upload.mutate(file, { onSuccess: () => toast({ title: "Logo uploaded", variant: "success" }) });
  };
  const error = problem ?? (upload.error ? errorText(upload.error, "The logo could not be uploaded.") : remove.error ? errorText(remove.error, "The logo could not be removed.") : undefined);

  return (
    <section aria-labelledby="logo-heading" className="flex flex-col gap-3">
      <h4 id="logo-heading" className="font-medium text-slate-900">
        Logo
      </h4>
      <div className="flex flex-wrap items-center gap-4">
        {profile.logoUrl ? (
          <img src={profile.logoUrl} alt="Your workspace's logo" className="max-h-16 max-w-48 rounded border border-slate-200 bg-white object-contain p-1" />
        ) : (
          <p className="text-sm text-slate-600">No logo yet. PNG or JPEG, at most {LOGO_MAX_BYTES / 1024} KB.</p>
        )}
        <FileTrigger acceptedFileTypes={[...LOGO_TYPES]} onSelect={pick}>
          <Button variant="secondary" size="sm" isPending={upload.isPending}>
            {profile.logoUrl ? "Replace logo" : "Upload logo"}
          </Button>
        </FileTrigger>
        {profile.logoUrl ? (
          <Button variant="ghost" size="sm" isPending={remove.isPending} onPress={() => remove.mutate(undefined)}>
            Remove logo
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
