/** The portal data's query key, shared with the live channel (which refetches it on changes). */
export const portalKey = (link: string) => ["/api/upload", link] as const;
