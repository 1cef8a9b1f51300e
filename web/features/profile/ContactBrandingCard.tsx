// How customers meet the broker: their own name, phone and contact email (the portal's help block
// and the Reply-To of the emails to the customers assigned to them) and the time zone those emails
// print times in; below, the workspace's branding (company, accent colour, logo), which every
// customer of the workspace sees and only an owner changes (WorkspaceBrandingSection).
import { Palette } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Form } from "react-aria-components";
import type { BrokerProfileDto, UpdateProfileInput } from "@shared/api-types";
import { brandingMessages, isKnownTimeZone, isValidPhone } from "@shared/branding";
import { isPlainEmail, MAX_NAME_LENGTH } from "@shared/validation";
import { errorText } from "../../api/client";
import { Button } from "../../components/ui/Button";
import { Card } from "../../components/ui/Card";
import { Spinner } from "../../components/ui/Spinner";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/Toast";
import { browserTimeZone } from "../../lib/time-zone";
import { useBrokerProfile, useUpdateProfile } from "./account-api";
import { ErrorNote } from "../../components/ErrorNote";
import { WorkspaceBrandingSection } from "./WorkspaceBrandingSection";

type Values = Record<"firstName" | "lastName" | "phone" | "contactEmail" | "timeZone", string>;

const valuesOf = (p: BrokerProfileDto): Values => ({
  firstName: p.firstName ?? "",
  lastName: p.lastName ?? "",
  phone: p.phone ?? "",
  contactEmail: p.contactEmail ?? "",
  timeZone: p.timeZone ?? "",
});

/** The browser checks what the server checks (src/shared/branding.ts), field by field. */
function validate(v: Values): Partial<Values> {
  const errors: Partial<Values> = {};
  if (v.phone.trim() && !isValidPhone(v.phone.trim())) errors.phone = brandingMessages.phone;
  if (v.contactEmail.trim() && !isPlainEmail(v.contactEmail.trim().toLowerCase())) errors.contactEmail = brandingMessages.contactEmail;
  if (v.timeZone.trim() && !isKnownTimeZone(v.timeZone.trim())) errors.timeZone = brandingMessages.timeZone;
  return errors;
}

export function ContactBrandingCard() {
  const profile = useBrokerProfile();
  return (
    <Card title="Contact and branding" icon={<Palette />} className="md:col-span-2">
      {profile.data ? (
        <div className="flex flex-col gap-6">
          <ContactForm profile={profile.data} />
          <WorkspaceBrandingSection profile={profile.data} />
        </div>
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

function ContactForm({ profile }: { profile: BrokerProfileDto }) {
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

  return (
    <Form onSubmit={onSubmit} validationBehavior="aria" aria-label="Your contact details" className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        The customers assigned to you see these in their portal's help block and in every email, and their replies reach your contact email.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" maxLength={MAX_NAME_LENGTH} value={values.firstName} onChange={set("firstName")} />
        <TextField label="Last name" autoComplete="family-name" maxLength={MAX_NAME_LENGTH} value={values.lastName} onChange={set("lastName")} />
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
      <Button type="submit" className="self-end" isPending={update.isPending}>
        {update.isPending ? "Saving..." : "Save profile"}
      </Button>
    </Form>
  );
}
