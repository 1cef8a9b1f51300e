// The portal's sections below its documents: the files the broker shared and who to ask for help.
// A chunk of their own, fetched as the page first renders: the first paint does not wait for them
// and they only add to the page's end (the portal's first load is on a 150 KB budget).
import type { PortalDocumentDto, PortalDto } from "@shared/api-types";
import { HelpBlock } from "./HelpBlock";
import { SharedDocuments } from "./SharedDocuments";

export default function PortalLowerSections({
  portal,
  onView,
  onSignIn,
}: {
  portal: PortalDto;
  onView: (document: PortalDocumentDto) => void;
  onSignIn: () => void;
}) {
  return (
    <>
      <SharedDocuments portal={portal} onView={onView} onSignIn={onSignIn} />
      <HelpBlock brokers={portal.brokers} />
    </>
  );
}
