// How customers meet the broker: name, company, phone and contact email (the portal's help block
// and the Reply-To of every email), logo and accent colour (portal and emails), and the time zone
// the emails print times in.
import { Palette } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { FileTrigger, Form } from "react-aria-components";
import type { BrokerProfileDto, UpdateProfileInput } from "@shared/api-types";
import { ACCENT_COLOR_PATTERN, brandingMessages, isKnownTimeZone, isValidPhone, LOGO_MAX_BYTES, LOGO_TYPES, readableTextOn } from "@shared/branding";
import { isPlainEmail, MAX_NAME_LENGTH } from "@shared/validation";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { browserTimeZone } from "../auth/api";
import { useBrokerProfile, useRemoveLogo, useUpdateProfile, useUploadLogo } from "./account-api";
import { ErrorNote } from "../../components/ErrorNote";

type Values = Record<"firstName" | "lastName" | "company" | "phone" | "contactEmail" | "accentColor" | "timeZone", string>;

const valuesOf = (p: BrokerProfileDto): Values => ({
  firstName: p.firstName ?? "",
  lastName: p.lastName ?? "",
  company: p.company ?? "",
  phone: p.phone ?? "",
  contactEmail: p.contactEmail ?? "",
  accentColor: p.accentColor ?? "",
  timeZone: p.timeZone ?? "",
});

/** The browser checks what the server checks (src/shared/branding.ts), field by field. */
function validate(v: Values): Partial<Values> {
  const errors: Partial<Values> = {};
  if (v.phone.trim() && !isValidPhone(v.phone.trim())) errors.phone = brandingMessages.phone;
  if (v.contactEmail.trim() && !isPlainEmail(v.contactEmail.trim().toLowerCase())) errors.contactEmail = brandingMessages.contactEmail;
  if (v.accentColor.trim() && !ACCENT_COLOR_PATTERN.test(v.accentColor.trim())) errors.accentColor = brandingMessages.accentColor;
  if (v.timeZone.trim() && !isKnownTimeZone(v.timeZone.trim())) errors.timeZone = brandingMessages.timeZone;
  return errors;
}

export function ContactBrandingCard() {
  const profile = useBrokerProfile();
  return (
    <Card title="Contact and branding" icon={<Palette />} className="md:col-span-2">
      {profile.data ? (
        <ProfileForm profile={profile.data} />
      ) : profile.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(profile.error, "Your profile could not be loaded.")}
        </p>
      ) : (
        <Spinner label="Loading profile" className="w-full py-8" />
      )}
    </Card>
  );
}

function ProfileForm({ profile }: { profile: BrokerProfileDto }) {
  const [values, setValues] = useState(() => valuesOf(profile));
  const [errors, setErrors] = useState<Partial<Values>>({});
  const update = useUpdateProfile();
  const here = browserTimeZone();
  useEffect(() => setValues(valuesOf(profile)), [profile]);

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const input: UpdateProfileInput = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() || null]));
    update.mutate(input, { onSuccess: () => toast({ title: "Profile saved", variant: "success" }) });
  };

  const accent = ACCENT_COLOR_PATTERN.test(values.accentColor) ? values.accentColor : null;
  return (
    <div className="flex flex-col gap-6">
      <Form onSubmit={onSubmit} validationBehavior="aria" className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">Your customers see these in their portal's help block and in every email, and their replies reach your contact email.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" maxLength={MAX_NAME_LENGTH} value={values.firstName} onChange={set("firstName")} />
          <TextField label="Last name" autoComplete="family-name" maxLength={MAX_NAME_LENGTH} value={values.lastName} onChange={set("lastName")} />
          <TextField label="Company" autoComplete="organization" value={values.company} onChange={set("company")} />
          <TextField label="Phone" type="tel" autoComplete="tel" value={values.phone} onChange={set("phone")} errorMessage={errors.phone} />
          <TextField
            label="Contact email"
            type="email"
            autoComplete="email"
            placeholder={profile.email}
            description="Empty: your sign-in email is used"
            value={values.contactEmail}
            onChange={set("contactEmail")}
            errorMessage={errors.contactEmail}
          />
          <div className="flex items-start gap-2">
            <TextField
              label="Accent colour"
              placeholder="#1d4ed8"
              description="A hex colour for buttons and headings"
              className="min-w-0 flex-1"
              value={values.accentColor}
              onChange={set("accentColor")}
              errorMessage={errors.accentColor}
            />
            <label className="mt-7 flex flex-col items-center">
              <span className="sr-only">Pick the accent colour</span>
              <input
                type="color"
                value={accent ?? "#2563eb"}
                onChange={(event) => set("accentColor")(event.target.value)}
                className="size-11 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
              />
            </label>
          </div>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <TextField
              label="Time zone for emails"
              placeholder="UTC"
              description="Due dates in your emails are written in this zone. Signing in sets it to your browser's."
              value={values.timeZone}
              onChange={set("timeZone")}
              errorMessage={errors.timeZone}
            />
            {here && here !== values.timeZone ? (
              <Button variant="link" size="sm" className="self-start" onPress={() => set("timeZone")(here)}>
                Use this browser's time zone ({here})
              </Button>
            ) : null}
          </div>
        </div>
        <ErrorNote error={update.error} fallback="The profile could not be saved. Please try again." />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span
            aria-hidden="true"
            className="rounded-lg px-4 py-2 text-sm font-medium"
            style={{ background: accent ?? "#2563eb", color: readableTextOn(accent ?? "#2563eb") }}
          >
            {values.company.trim() || "Your customers' buttons"}
          </span>
          <Button type="submit" isPending={update.isPending}>
            {update.isPending ? "Saving..." : "Save profile"}
          </Button>
        </div>
      </Form>
      <LogoSection profile={profile} />
    </div>
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
  const error = problem ?? (upload.error ? errorText(upload.error, "The logo could not be uploaded.") : undefined);

  return (
    <section aria-labelledby="logo-heading" className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 id="logo-heading" className="font-semibold text-slate-900">
        Logo
      </h3>
      <div className="flex flex-wrap items-center gap-4">
        {profile.logoUrl ? (
          <img src={profile.logoUrl} alt="Your logo" className="max-h-16 max-w-48 rounded border border-slate-200 bg-white object-contain p-1" />
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
