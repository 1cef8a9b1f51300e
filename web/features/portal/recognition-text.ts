// What recognition saw, in the page's language (issue 44): each sentence from its catalog key and
// values (src/shared/recognition/sentences.ts); a verdict kept before sentences existed, or one
// naming a key this page does not know, keeps the server's English.
import type { PortalDocumentDto } from "@shared/api-types";
import { sayRecognition } from "@shared/recognition/sentences";
import { knowsMessage } from "../../lib/i18n/store";
import { useLanguage, useT } from "../../lib/i18n/use-t";
import { learnToSaySentences } from "./error-text";

// A refusal of the upload that carries sentences (errors.recognitionRefused) is said with them.
learnToSaySentences(sayRecognition);

type Said = Pick<NonNullable<PortalDocumentDto["recognition"]>, "messages" | "sentences">;

export function useRecognitionText(): (said: Said) => string[] {
  const t = useT();
  const { language } = useLanguage();
  return (said) => {
    const sentences = said.sentences;
    if (!sentences || sentences.length !== said.messages.length || !sentences.every((s) => knowsMessage(s.key))) return said.messages;
    const now = new Date();
    return sentences.map((sentence) => sayRecognition(sentence, language, now, t));
  };
}
