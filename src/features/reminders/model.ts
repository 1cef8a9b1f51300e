import { t } from "elysia";

export const RemindersResponse = t.Object({ message: t.String(), sentCount: t.Number() });
export type RemindersResponse = typeof RemindersResponse.static;
