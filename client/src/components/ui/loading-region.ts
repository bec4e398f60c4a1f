/**
 * The attributes of a loading placeholder (skeletons standing in for content): a status region,
 * busy, named for what is loading. Spread onto the placeholder's outer element. The role is what
 * allows the name: ARIA prohibits labelling a plain div (axe's aria-prohibited-attr).
 */
export const loadingRegion = (label: string) => ({ role: 'status', 'aria-busy': true, 'aria-label': label }) as const;
