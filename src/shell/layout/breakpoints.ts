/** Breakpoints of spec part 1 §9, in CSS pixels; styles/tokens.css uses the same numbers. */
export const breakpoints = { tablet: 768, desktop: 1024, fullhd: 1440 } as const;

/** Below tablet width the side menu collapses to a toggle. */
export const phoneQuery = `(max-width: ${breakpoints.tablet - 0.02}px)`;
